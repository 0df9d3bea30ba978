import {
  mockResponseDeletedSchema,
  mockResponseSchema,
  mockResponsesResponseSchema,
  type MockResponseRequest,
} from '@zview/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const MOCKS_PATH = '/api/caribou/mocks';
const KEY = ['caribou', 'mocks'] as const;

/** Any write to mocks: responses, cases and addresses are read again. */
export function useInvalidateMocks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

/** GET /api/caribou/mocks/responses */
export function useMockResponses() {
  return useQuery({
    queryKey: [...KEY, 'responses'],
    queryFn: () =>
      api
        .get(`${MOCKS_PATH}/responses`, { schema: mockResponsesResponseSchema, organization: false })
        .then((body) => body.results),
  });
}

/** GET /api/caribou/mocks/responses/{id} */
export function fetchMockResponse(id: number) {
  return api.get(`${MOCKS_PATH}/responses/${id}`, { schema: mockResponseSchema, organization: false });
}

/** POST /responses (no id) or PUT /responses/{id} */
export function useSaveMockResponse() {
  const invalidate = useInvalidateMocks();
  return useMutation({
    mutationFn: ({ id, ...body }: MockResponseRequest & { id?: number }) =>
      id === undefined
        ? api.post(`${MOCKS_PATH}/responses`, body, { schema: mockResponseSchema, organization: false })
        : api.put(`${MOCKS_PATH}/responses/${id}`, body, { schema: mockResponseSchema, organization: false }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/caribou/mocks/responses/{id} (its cases go with it) */
export function useDeleteMockResponse() {
  const invalidate = useInvalidateMocks();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete(`${MOCKS_PATH}/responses/${id}`, { schema: mockResponseDeletedSchema, organization: false }),
    onSuccess: invalidate,
  });
}
