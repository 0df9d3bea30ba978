import { customerProductsResponseSchema, productSwitchSchema, type UpdateProductRequest } from '@zview/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvalidateCustomer } from './customer';
import { apiPath } from '../../../api/paths';

/** GET /api/zauth-customer/customers/{id}/products */
export function useCustomerProducts(id: number) {
  return useQuery({
    queryKey: ['zauth-customer', 'customers', id, 'products'],
    queryFn: () =>
      api
        .get(apiPath('/zauth-customer/customers/{id}/products', { id }), {
          schema: customerProductsResponseSchema,
          organization: false,
        })
        .then((body) => body.products),
  });
}

/** PUT /api/zauth-customer/customers/{id}/products/{productId} */
export function useUpdateCustomerProduct(id: number) {
  const invalidate = useInvalidateCustomer(id);
  return useMutation({
    mutationFn: ({ productId, ...body }: UpdateProductRequest & { productId: string }) =>
      api.put(apiPath('/zauth-customer/customers/{id}/products/{productId}', { id, productId }), body, {
        schema: productSwitchSchema,
        organization: false,
      }),
    onSuccess: invalidate,
  });
}
