import type { CreateUserRequest } from '@zview/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { teamMembersQuery } from './members';

/** POST /api/user-management/group/user/create */
export function createMember(body: CreateUserRequest): Promise<unknown> {
  return api.post('/api/user-management/group/user/create', body);
}

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamMembersQuery().queryKey }) });
}
