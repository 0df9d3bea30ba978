import { QUERY_DEFAULTS } from '@zview/contracts';
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './errors';

/** Never refetch on window focus, never go stale (SPEC §9); a client error (4xx) is not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        ...QUERY_DEFAULTS,
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
}
