import { appealDetailResponseSchema, type AppealDetailResponse } from '@zview/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useSession } from '../../../session/session';
import { appealKeys } from './keys';
import { apiPath } from '../../../api/paths';

/** GET /api/caribou/appeals/{id}: the appeal, its evidence, timeline and the property's score versions. */
export function fetchAppeal(id: number): Promise<AppealDetailResponse> {
  return api.get(apiPath('/caribou/appeals/{id}', { id }), { schema: appealDetailResponseSchema });
}

export const appealQuery = (organizationId: number | null, id: number) =>
  queryOptions({ queryKey: appealKeys.detail(organizationId, id), queryFn: () => fetchAppeal(id) });

export function useAppeal(id: number) {
  const organizationId = useSession().activeOrganization?.id ?? null;
  return useQuery(appealQuery(organizationId, id));
}
