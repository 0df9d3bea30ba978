import { apiKeyListSchema, type ApiKey } from '@zview/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

export const API_KEYS_PATH = apiPath('/user-management/api-keys');

/** GET /api/user-management/api-keys: the organisation's keys (never the secrets). */
export function fetchApiKeys(): Promise<ApiKey[]> {
  return api.get(API_KEYS_PATH, { schema: apiKeyListSchema }).then((body) => body.results);
}

export const apiKeysQuery = () => queryOptions({ queryKey: ['user-management', 'api-keys'], queryFn: fetchApiKeys });

export function useApiKeys() {
  return useQuery(apiKeysQuery());
}
