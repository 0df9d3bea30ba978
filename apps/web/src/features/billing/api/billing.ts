import { billingResponseSchema, type BillingResponse } from '@zview/contracts';
import { isCancelledError, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

export const BILLING_PATH = apiPath('/caribou/billing');

/** GET /caribou/billing; `organization` (internal admins) names another organisation. */
export function fetchBilling(organization: number | null, signal?: AbortSignal): Promise<BillingResponse> {
  return api.get(BILLING_PATH, {
    schema: billingResponseSchema,
    signal,
    query: { organization: organization ?? undefined },
  });
}

/** Keyed by the acting organisation too: switching organisation asks again. */
export const billingQuery = (actingOrganizationId: number | undefined, organization: number | null) =>
  queryOptions({
    queryKey: ['caribou', 'billing', actingOrganizationId ?? null, organization],
    queryFn: ({ signal }) => fetchBilling(organization, signal),
  });

export function useBilling(actingOrganizationId: number | undefined, organization: number | null) {
  return useQuery(billingQuery(actingOrganizationId, organization));
}

/** A request that was cancelled (navigation, a newer request): ignored, never reported (SPEC §7). */
export function isCancelled(error: unknown): boolean {
  return isCancelledError(error) || (error instanceof Error && error.name === 'AbortError');
}
