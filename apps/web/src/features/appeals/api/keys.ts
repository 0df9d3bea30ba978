import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../session/session';

/** Query keys of the appeals feature: under ['appeals', organisationId] so an organisation switch never mixes them. */
export const appealKeys = {
  root: (organizationId: number | null) => ['appeals', organizationId] as const,
  draftDetails: (organizationId: number | null, subject: object) =>
    ['appeals', organizationId, 'draft_details', subject] as const,
  list: (organizationId: number | null, filters: object) => ['appeals', organizationId, 'list', filters] as const,
  detail: (organizationId: number | null, id: number) => ['appeals', organizationId, 'detail', id] as const,
};

/** After any change: every appeals query and the property lookups (a published version changes the scores). */
export function useInvalidateAppeals() {
  const queryClient = useQueryClient();
  const organizationId = useSession().activeOrganization?.id ?? null;
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: appealKeys.root(organizationId) }),
      queryClient.invalidateQueries({ queryKey: ['property', organizationId, 'assessment'] }),
    ]);
}
