import { apiKeySchema, type ApiKey } from '@zview/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { API_KEYS_PATH, apiKeysQuery } from './apiKeys';

/** POST /api/user-management/api-keys/{id}/revoke: refused from the next request on. */
export function revokeApiKey(id: string): Promise<ApiKey> {
  return api.post(`${API_KEYS_PATH}/${encodeURIComponent(id)}/revoke`, undefined, { schema: apiKeySchema });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery().queryKey }),
  });
}
