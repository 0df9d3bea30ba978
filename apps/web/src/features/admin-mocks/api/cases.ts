import {
  mockCaseDeletedSchema,
  mockCaseSchema,
  mockCasesResponseSchema,
  type MockCase,
  type MockCaseRequest,
} from '@zview/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvalidateMocks } from './responses';
import { apiPath } from '../../../api/paths';

/** GET /api/caribou/mocks/cases */
export function useMockCases() {
  return useQuery({
    queryKey: ['caribou', 'mocks', 'cases'],
    queryFn: () =>
      api
        .get(apiPath('/caribou/mocks/cases'), { schema: mockCasesResponseSchema, organization: false })
        .then((body) => body.results),
  });
}

/** POST /api/caribou/mocks/cases (coordinates already 'lng,lat') */
export function createMockCase(body: MockCaseRequest) {
  return api.post(apiPath('/caribou/mocks/cases'), body, { schema: mockCaseSchema, organization: false });
}

export function useCreateMockCase() {
  const invalidate = useInvalidateMocks();
  return useMutation({ mutationFn: createMockCase, onSuccess: invalidate });
}

/** DELETE /api/caribou/mocks/cases/{mockResponseId}?location&location_type&apiVersion&products */
export function useDeleteMockCase() {
  const invalidate = useInvalidateMocks();
  return useMutation({
    mutationFn: (mock: MockCase) =>
      api.delete(apiPath('/caribou/mocks/cases/{mockResponseId}', { mockResponseId: mock.mockResponseId }), {
        query: {
          location: mock.location,
          location_type: mock.location_type,
          apiVersion: mock.apiVersion,
          products: mock.products.join(','),
        },
        schema: mockCaseDeletedSchema,
        organization: false,
      }),
    onSuccess: invalidate,
  });
}
