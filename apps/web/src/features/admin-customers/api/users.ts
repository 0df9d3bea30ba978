import {
  addAccessResponseSchema,
  customerUsersResponseSchema,
  revokeAccessResponseSchema,
  type AddAccessRequest,
} from '@zview/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvalidateCustomer } from './customer';
import { apiPath } from '../../../api/paths';

/** GET /api/zauth-customer/customers/{id}/users */
export function useCustomerUsers(id: number) {
  return useQuery({
    queryKey: ['zauth-customer', 'customers', id, 'users'],
    queryFn: () =>
      api
        .get(apiPath('/zauth-customer/customers/{id}/users', { id }), {
          schema: customerUsersResponseSchema,
          organization: false,
        })
        .then((body) => body.users),
  });
}

/** PUT …/users/new/add-access: an existing user (by email) gains a membership, a new one is invited. */
export function useAddAccess(id: number) {
  const invalidate = useInvalidateCustomer(id);
  return useMutation({
    mutationFn: (body: AddAccessRequest) =>
      api.put(apiPath('/zauth-customer/customers/{id}/users/{userId}/add-access', { id, userId: 'new' }), body, {
        schema: addAccessResponseSchema,
        organization: false,
      }),
    onSuccess: invalidate,
  });
}

/** PUT …/users/{userId}/revoke-access (body userId) */
export function useRevokeAccess(id: number) {
  const invalidate = useInvalidateCustomer(id);
  return useMutation({
    mutationFn: (userId: string) =>
      api.put(
        apiPath('/zauth-customer/customers/{id}/users/{userId}/revoke-access', { id, userId }),
        { userId },
        { schema: revokeAccessResponseSchema, organization: false },
      ),
    onSuccess: invalidate,
  });
}
