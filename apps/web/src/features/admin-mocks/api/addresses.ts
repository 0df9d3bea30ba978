import { mockAddressesResponseSchema } from '@zview/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { MOCKS_PATH } from './responses';

/** GET /api/caribou/mocks/addresses (every signed-in user) */
export function useMockAddresses() {
  return useQuery({
    queryKey: ['caribou', 'mocks', 'addresses'],
    queryFn: () =>
      api
        .get(`${MOCKS_PATH}/addresses`, { schema: mockAddressesResponseSchema, organization: false })
        .then((body) => body.results),
  });
}
