import { zorroFiltersResponseSchema, type ZorroFiltersResponse } from '@zview/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { filterQuery, type FinderState } from '../filters';
import { apiPath } from '../../../api/paths';

export const ZORRO_FILTERS_PATH = apiPath('/zorro/filters');

export function fetchFacets(state: FinderState, signal?: AbortSignal): Promise<ZorroFiltersResponse> {
  return api.get(ZORRO_FILTERS_PATH, { query: filterQuery(state), schema: zorroFiltersResponseSchema, signal });
}

export const facetsQuery = (state: FinderState) =>
  queryOptions({
    queryKey: ['zorro', 'filters', filterQuery(state)],
    queryFn: ({ signal }) => fetchFacets(state, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useFacets(state: FinderState) {
  return useQuery(facetsQuery(state));
}
