import { apiKeyCreatedSchema, type ApiKeyCreate, type ApiKeyCreated } from '@zview/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { API_KEYS_PATH, apiKeysQuery } from './apiKeys';

/** POST /api/user-management/api-keys: the new key, whose secret this answer alone holds. */
export function createApiKey(body: ApiKeyCreate): Promise<ApiKeyCreated> {
  return api.post(API_KEYS_PATH, body, { schema: apiKeyCreatedSchema });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery().queryKey }),
  });
}
