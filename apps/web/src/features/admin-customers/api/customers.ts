import { customersMetadataResponseSchema, customersResponseSchema, type CustomersQuery } from '@zview/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

export const CUSTOMERS_PATH = apiPath('/zauth-customer/customers');

/** GET /api/zauth-customer/customers (search, sort, paging). Staff act for no organisation here. */
export function fetchCustomers(query: CustomersQuery) {
  return api.get(CUSTOMERS_PATH, { query: { ...query }, schema: customersResponseSchema, organization: false });
}

export const customersQuery = (query: CustomersQuery) =>
  queryOptions({
    queryKey: ['zauth-customer', 'customers', query],
    queryFn: () => fetchCustomers(query),
    placeholderData: keepPreviousData,
  });

export function useCustomers(query: CustomersQuery) {
  return useQuery(customersQuery(query));
}

/** GET /api/zauth-customer/customers/metadata: counts and product facets. */
export function useCustomersMetadata() {
  return useQuery({
    queryKey: ['zauth-customer', 'customers', 'metadata'],
    queryFn: () =>
      api.get(apiPath('/zauth-customer/customers/metadata'), {
        schema: customersMetadataResponseSchema,
        organization: false,
      }),
  });
}
