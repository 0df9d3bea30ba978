import type { TeamBulkAction } from '@zview/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';
import { teamMembersQuery } from './members';

/** POST /api/user-management/group/users/{action} with { userIds }. */
export function postBulkAction(action: TeamBulkAction, userIds: string[]): Promise<unknown> {
  return api.post(apiPath(`/user-management/group/users/${action}` as const), { userIds });
}

export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, userIds }: { action: TeamBulkAction; userIds: string[] }) => postBulkAction(action, userIds),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamMembersQuery().queryKey }),
  });
}
