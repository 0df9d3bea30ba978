import type { TeamBulkAction } from '@zview/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { teamMembersQuery } from './members';

/** POST /api/user-management/group/users/{action} with { userIds }. */
export function postBulkAction(action: TeamBulkAction, userIds: string[]): Promise<unknown> {
  return api.post(`/api/user-management/group/users/${action}`, { userIds });
}

export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, userIds }: { action: TeamBulkAction; userIds: string[] }) => postBulkAction(action, userIds),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamMembersQuery().queryKey }),
  });
}
