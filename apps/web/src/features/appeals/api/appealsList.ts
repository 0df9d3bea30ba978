import {
  appealListResponseSchema,
  type AppealListResponse,
  type AppealStatus,
  type ProductKey,
} from '@zview/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useSession } from '../../../session/session';
import { appealKeys } from './keys';
import { apiPath } from '../../../api/paths';

export interface AppealListFilters {
  status: AppealStatus[];
  product?: ProductKey;
  overdue?: boolean;
  /** 'deadline': the deadline queue, nearest unmet statutory deadline first. */
  sort?: 'created' | 'deadline';
  page: number;
  itemsPerPage: number;
}

/** GET /api/caribou/appeals: the organisation's appeals, newest first. */
export function fetchAppeals(filters: AppealListFilters): Promise<AppealListResponse> {
  return api.get(apiPath('/caribou/appeals'), {
    query: {
      status: filters.status.length ? filters.status.join(',') : undefined,
      product: filters.product,
      overdue: filters.overdue === undefined ? undefined : String(filters.overdue),
      sort: filters.sort,
      page: filters.page,
      itemsPerPage: filters.itemsPerPage,
    },
    schema: appealListResponseSchema,
  });
}

export const appealsQuery = (organizationId: number | null, filters: AppealListFilters) =>
  queryOptions({
    queryKey: appealKeys.list(organizationId, filters),
    queryFn: () => fetchAppeals(filters),
    placeholderData: keepPreviousData,
  });

export function useAppeals(filters: AppealListFilters) {
  const organizationId = useSession().activeOrganization?.id ?? null;
  return useQuery(appealsQuery(organizationId, filters));
}
