import { meResponseSchema, type MeResponse, type UpdateMeRequest } from '@zview/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

const ME_PATH = apiPath('/user-management/user/me');

export const meQuery = () =>
  queryOptions({
    queryKey: ['user-management', 'user', 'me'],
    queryFn: (): Promise<MeResponse> => api.get(ME_PATH, { schema: meResponseSchema }),
  });

export function useMe() {
  return useQuery(meQuery());
}

/** POST /api/user-management/user/me with { profile: { firstName, lastName } }. */
export function updateMe(body: UpdateMeRequest): Promise<unknown> {
  return api.post(ME_PATH, body);
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery().queryKey }),
  });
}

/** POST /api/user-management/user/me/forget-password: the IdP emails a reset link. */
export function requestPasswordReset(): Promise<unknown> {
  return api.post(apiPath('/user-management/user/me/forget-password'));
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
