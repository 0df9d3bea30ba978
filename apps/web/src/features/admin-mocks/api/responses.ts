import {
  mockResponseDeletedSchema,
  mockResponseSchema,
  mockResponsesResponseSchema,
  type MockResponseRequest,
} from '@zview/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

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
        .get(apiPath('/caribou/mocks/responses'), { schema: mockResponsesResponseSchema, organization: false })
        .then((body) => body.results),
  });
}

/** GET /api/caribou/mocks/responses/{id} */
export function fetchMockResponse(id: number) {
  return api.get(apiPath('/caribou/mocks/responses/{id}', { id }), { schema: mockResponseSchema, organization: false });
}

/** POST /responses (no id) or PUT /responses/{id} */
export function useSaveMockResponse() {
  const invalidate = useInvalidateMocks();
  return useMutation({
    mutationFn: ({ id, ...body }: MockResponseRequest & { id?: number }) =>
      id === undefined
        ? api.post(apiPath('/caribou/mocks/responses'), body, { schema: mockResponseSchema, organization: false })
        : api.put(apiPath('/caribou/mocks/responses/{id}', { id }), body, {
            schema: mockResponseSchema,
            organization: false,
          }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/caribou/mocks/responses/{id} (its cases go with it) */
export function useDeleteMockResponse() {
  const invalidate = useInvalidateMocks();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete(apiPath('/caribou/mocks/responses/{id}', { id }), {
        schema: mockResponseDeletedSchema,
        organization: false,
      }),
    onSuccess: invalidate,
  });
}
