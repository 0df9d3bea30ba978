import { recentLookupsResponseSchema } from '@zview/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { useSession } from '../../../session/session';
import { apiPath } from '../../../api/paths';

export type RecentLookupsResponse = z.infer<typeof recentLookupsResponseSchema>;
export type RecentLookup = RecentLookupsResponse['results'][number];

export const fetchRecentLookups = (signal?: AbortSignal) =>
  api.get(apiPath('/caribou/property/recent'), { schema: recentLookupsResponseSchema, signal });

/** The organisation's recent property lookups. */
export function useRecentLookups() {
  const { activeOrganization } = useSession();
  return useQuery({
    queryKey: ['property', activeOrganization?.id ?? null, 'recent'] as const,
    queryFn: ({ signal }) => fetchRecentLookups(signal),
    retry: false,
  });
}
