import { productOverviewSchema, type ProductKey, type ProductOverview } from '@zview/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useSession } from '../../../session/session';
import { apiPath } from '../../../api/paths';

export function fetchProductOverview(product: ProductKey, signal?: AbortSignal): Promise<ProductOverview> {
  return api.get(apiPath('/caribou/products/{product}/overview', { product }), {
    schema: productOverviewSchema,
    signal,
  });
}

/** GET /api/caribou/products/{product}/overview: data dates, coverage and the organisation's recent lookups of the product. */
export const productOverviewQuery = (organizationId: number | null, product: ProductKey) =>
  queryOptions({
    queryKey: ['caribou', 'products', organizationId, product, 'overview'] as const,
    queryFn: ({ signal }) => fetchProductOverview(product, signal),
    retry: false,
  });

/** The product's overview for the active organisation (its recent lookups are the organisation's). */
export function useProductOverview(product: ProductKey) {
  const { activeOrganization } = useSession();
  return useQuery(productOverviewQuery(activeOrganization?.id ?? null, product));
}
