import { samlIdpListResponseSchema, samlIdpResponseSchema, type UpdateSamlIdpRequest } from '@zview/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/**
 * The customer's (organisation's) enterprise SAML IdPs: GET /api/identity/saml-idps and PATCH
 * /api/identity/saml-idps/{id} (internal admins), for the organisation of the page, not the one
 * selected in the top bar.
 */
const IDPS_PATH = apiPath('/identity/saml-idps');
const forCustomer = (customerId: number) => ({ query: { target_organization_id: customerId }, organization: false });

export const identityProvidersQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['identity', 'saml-idps', customerId],
    queryFn: () => api.get(IDPS_PATH, { ...forCustomer(customerId), schema: samlIdpListResponseSchema }),
  });

export function useIdentityProviders(customerId: number) {
  return useQuery(identityProvidersQuery(customerId));
}

export function useSetInternalAdminGroup(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateSamlIdpRequest & { id: string }) =>
      api.patch(apiPath('/identity/saml-idps/{id}', { id }), body, {
        ...forCustomer(customerId),
        schema: samlIdpResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['identity', 'saml-idps', customerId] }),
  });
}
