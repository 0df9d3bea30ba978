import { apiKeySchema, type ApiKey } from '@zview/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiKeysQuery } from './apiKeys';
import { apiPath } from '../../../api/paths';

/** POST /api/user-management/api-keys/{id}/revoke: refused from the next request on. */
export function revokeApiKey(id: string): Promise<ApiKey> {
  return api.post(apiPath('/user-management/api-keys/{id}/revoke', { id }), undefined, { schema: apiKeySchema });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery().queryKey }),
  });
}
