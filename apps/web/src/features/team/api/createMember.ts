import { createUserResponseSchema, type CreateUserRequest, type CreateUserResponse } from '@zview/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { teamMembersQuery } from './members';
import { apiPath } from '../../../api/paths';

/** POST /api/user-management/group/user/create: the new member, or an invitation of an existing account. */
export async function createMember(body: CreateUserRequest): Promise<CreateUserResponse> {
  return createUserResponseSchema.parse(await api.post(apiPath('/user-management/group/user/create'), body));
}

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamMembersQuery().queryKey }),
  });
}
