import { whatIfResponseSchema, type ProductKey, type WhatIfResponse } from '@zview/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useSession } from '../../../session/session';
import { apiPath } from '../../../api/paths';

/** GET /api/caribou/properties/{propertyId}/what_if: each mitigation the product's model credits, alone and together. */
export function fetchWhatIf(propertyId: string, product: ProductKey, signal?: AbortSignal): Promise<WhatIfResponse> {
  return api.get(apiPath('/caribou/properties/{propertyId}/what_if', { propertyId }), {
    query: { products: product },
    schema: whatIfResponseSchema,
    signal,
  });
}

// Under ['property', organisation, 'assessment'] so a published appeal (which invalidates the
// assessment) refreshes the what-if too.
export const whatIfQuery = (organizationId: number | null, propertyId: string, product: ProductKey) =>
  queryOptions({
    queryKey: ['property', organizationId, 'assessment', 'what-if', propertyId, product] as const,
    queryFn: ({ signal }) => fetchWhatIf(propertyId, product, signal),
    retry: false,
  });

export function useWhatIf(propertyId: string, product: ProductKey) {
  const { activeOrganization } = useSession();
  return useQuery(whatIfQuery(activeOrganization?.id ?? null, propertyId, product));
}
