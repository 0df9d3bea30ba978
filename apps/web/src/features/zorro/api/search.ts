import { zorroSearchResponseSchema, type ZorroSearchResponse } from '@zview/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { toQuery, type FinderState } from '../filters';
import { apiPath } from '../../../api/paths';

export const ZORRO_SEARCH_PATH = apiPath('/zorro/search');

export function fetchSearch(state: FinderState, signal?: AbortSignal): Promise<ZorroSearchResponse> {
  return api.get(ZORRO_SEARCH_PATH, { query: toQuery(state), schema: zorroSearchResponseSchema, signal });
}

export const searchQuery = (state: FinderState) =>
  queryOptions({
    queryKey: ['zorro', 'search', toQuery(state)],
    queryFn: ({ signal }) => fetchSearch(state, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useFilingSearch(state: FinderState) {
  return useQuery(searchQuery(state));
}
