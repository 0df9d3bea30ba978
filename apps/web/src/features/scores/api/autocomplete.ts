import type { AddressAutocompleteResponse } from '@zview/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useSession } from '../../../session/session';
import { apiPath } from '../../../api/paths';
import { loadAnswerSchemas } from './load-answer-schemas';

export async function fetchAutocomplete(q: string, signal?: AbortSignal): Promise<AddressAutocompleteResponse> {
  const [schemas, body] = await Promise.all([
    loadAnswerSchemas(),
    api.get(apiPath('/caribou/property/autocomplete'), { query: { q }, signal }),
  ]);
  return schemas.addressAutocompleteResponseSchema.parse(body);
}

/** Address suggestions for the (already debounced) text; nothing is asked below 3 characters. */
export function useAutocomplete(text: string) {
  const { activeOrganization } = useSession();
  const q = text.trim();
  return useQuery({
    queryKey: ['property', activeOrganization?.id ?? null, 'autocomplete', q] as const,
    queryFn: ({ signal }) => fetchAutocomplete(q, signal),
    enabled: q.length >= 3,
    retry: false,
  });
}
