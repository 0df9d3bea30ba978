import { mockAddressesResponseSchema } from '@zview/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** GET /api/caribou/mocks/addresses (every signed-in user) */
export function useMockAddresses() {
  return useQuery({
    queryKey: ['caribou', 'mocks', 'addresses'],
    queryFn: () =>
      api
        .get(apiPath('/caribou/mocks/addresses'), { schema: mockAddressesResponseSchema, organization: false })
        .then((body) => body.results),
  });
}
