import { teamMembersResponseSchema, type TeamMember } from '@zview/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

export const TEAM_MEMBERS_PATH = apiPath('/user-management/group/members');

export function fetchTeamMembers(): Promise<TeamMember[]> {
  return api.get(TEAM_MEMBERS_PATH, { schema: teamMembersResponseSchema }).then((body) => body.members);
}

export const teamMembersQuery = () =>
  queryOptions({ queryKey: ['user-management', 'group', 'members'], queryFn: fetchTeamMembers });

export function useTeamMembers() {
  return useQuery(teamMembersQuery());
}
