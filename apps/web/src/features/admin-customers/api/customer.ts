import { customerSchema, type CreateCustomerRequest, type UpdateCustomerRequest } from '@zview/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { CUSTOMERS_PATH } from './customers';
import { apiPath } from '../../../api/paths';

/** GET /api/zauth-customer/customers/{id} */
export const customerQuery = (id: number) =>
  queryOptions({
    queryKey: ['zauth-customer', 'customers', id],
    queryFn: () =>
      api.get(apiPath('/zauth-customer/customers/{id}', { id }), { schema: customerSchema, organization: false }),
  });

export function useCustomer(id: number) {
  return useQuery(customerQuery(id));
}

/** Any write to a customer: its page, the list and its history are read again. */
export function useInvalidateCustomer(id?: number) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      queryKey: id === undefined ? ['zauth-customer'] : ['zauth-customer', 'customers'],
    });
}

/** PUT /api/zauth-customer/customers/{id} */
export function useUpdateCustomer(id: number) {
  const invalidate = useInvalidateCustomer(id);
  return useMutation({
    mutationFn: (body: UpdateCustomerRequest) =>
      api.put(apiPath('/zauth-customer/customers/{id}', { id }), body, { schema: customerSchema, organization: false }),
    onSuccess: invalidate,
  });
}

/** POST /api/zauth-customer/customers */
export function useCreateCustomer() {
  const invalidate = useInvalidateCustomer();
  return useMutation({
    mutationFn: (body: CreateCustomerRequest) =>
      api.post(CUSTOMERS_PATH, body, { schema: customerSchema, organization: false }),
    onSuccess: invalidate,
  });
}
