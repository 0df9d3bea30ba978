import { draftDetailsResponseSchema, type AppealSubject, type DraftDetailsResponse } from '@zview/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useSession } from '../../../session/session';
import { appealKeys } from './keys';
import { apiPath } from '../../../api/paths';

export const DRAFT_DETAILS_PATH = apiPath('/caribou/appeals/draft_details');

/** GET /api/caribou/appeals/draft_details (h3Index, product, featureName; propertyId picks the property in the cell). */
export function fetchDraftDetails(subject: AppealSubject & { featureName?: string }): Promise<DraftDetailsResponse> {
  return api.get(DRAFT_DETAILS_PATH, { query: subject, schema: draftDetailsResponseSchema });
}

export const draftDetailsQuery = (organizationId: number | null, subject: AppealSubject) =>
  queryOptions({
    queryKey: appealKeys.draftDetails(organizationId, subject),
    queryFn: () => fetchDraftDetails(subject),
  });

export function useDraftDetails(subject: AppealSubject, enabled = true) {
  const organizationId = useSession().activeOrganization?.id ?? null;
  return useQuery({ ...draftDetailsQuery(organizationId, subject), enabled });
}
