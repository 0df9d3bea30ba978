import type { UpdateUserRequest } from '@zview/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { teamMembersQuery } from './members';
import { apiPath } from '../../../api/paths';

/** POST /api/user-management/user/update with { userId, profile?, role? }. */
export function updateMember(body: UpdateUserRequest): Promise<unknown> {
  return api.post(apiPath('/user-management/user/update'), body);
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamMembersQuery().queryKey }),
  });
}
