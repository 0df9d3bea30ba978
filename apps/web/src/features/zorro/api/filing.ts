import { zorroFilingSchema, type ZorroFiling } from '@zview/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

export const filingPath = (id: number) => apiPath('/zorro/filings/{id}', { id });

export function fetchFiling(id: number, signal?: AbortSignal): Promise<ZorroFiling> {
  return api.get(filingPath(id), { schema: zorroFilingSchema, signal });
}

export const filingQuery = (id: number) =>
  queryOptions({ queryKey: ['zorro', 'filing', id], queryFn: ({ signal }) => fetchFiling(id, signal), retry: false });

export function useFiling(id: number) {
  return useQuery(filingQuery(id));
}
