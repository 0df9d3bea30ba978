import { faqResponseSchema, type FaqResponse } from '@zview/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export const fetchFaq = (signal?: AbortSignal): Promise<FaqResponse> => api.get('/api/faq', { schema: faqResponseSchema, signal });

export function useFaq() {
  return useQuery({ queryKey: queryKeys.faq, queryFn: ({ signal }) => fetchFaq(signal), retry: false });
}
