import {
  faqResponseSchema,
  getIdentityRequestSchema,
  registerSamlIdpRequestSchema,
  samlIdpListResponseSchema,
  samlIdpParamsSchema,
  samlIdpResponseSchema,
  updateSamlIdpRequestSchema,
  type FaqResponse,
  type GetIdentityResponse,
  type SamlIdpResponse,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import {
  acsUrl,
  deleteSamlIdp,
  findIdpForEmail,
  listSamlIdps,
  registerSamlIdp,
  SamlError,
  setInternalAdminGroup,
  spEntityId,
  type SamlIdp,
} from '../auth/saml.js';
import { badRequest, notFound } from './errors.js';
import { FAQ } from '../domain/identity/faq.js';

/**
 * POST /get-identity (no /api prefix, no Authorization): which identity provider an email signs
 * in with — SAML2 (enterprise SSO of its domain) or OKTA (password). Public, and answers the
 * same shape for unknown emails, so it reveals no accounts.
 */
export async function registerPublicIdentityRoutes(app: FastifyInstance) {
  app.post('/get-identity', { config: { policy: 'public' } }, async (request): Promise<GetIdentityResponse> => {
    const { userEmail } = getIdentityRequestSchema.parse(request.body ?? {});
    const idp = app.identity ? await findIdpForEmail(app.ctx.db, userEmail) : undefined;
    if (idp) return { links: [{ type: 'SAML2', id: idp.id, name: idp.name }] };
    return { links: [{ type: 'OKTA', id: 'password', name: 'Password' }] };
  });
}

export async function registerFaqRoutes(app: FastifyInstance) {
  app.get(
    '/faq',
    { schema: { response: { 200: faqResponseSchema } }, config: { policy: 'faq:read' } },
    async (): Promise<FaqResponse> => ({ faqs: FAQ }),
  );
}

/**
 * Enterprise SSO configuration of the organisation acted for. Internal admins only: claiming an
 * email domain decides how everyone of that domain signs in, so ownership is checked by staff.
 */
export async function registerSamlIdpRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const shape = (idp: SamlIdp): SamlIdpResponse => {
    const urls = { issuer: app.ctx.config.runtime.OIDC_ISSUER };
    return {
      id: idp.id,
      organizationId: idp.organization_id,
      name: idp.name,
      entityId: idp.entity_id,
      ssoUrl: idp.sso_url,
      emailDomains: idp.email_domains,
      internalAdminGroup: idp.internal_admin_group,
      acsUrl: acsUrl(urls, idp.id),
      spEntityId: spEntityId(urls),
    };
  };

  app.get(
    '/identity/saml-idps',
    { schema: { response: { 200: samlIdpListResponseSchema } }, config: { policy: 'customers:manage' } },
    async (request) => ({
      identityProviders: (await listSamlIdps(db, request.actor!.organization.id)).map(shape),
    }),
  );

  app.post(
    '/identity/saml-idps',
    { schema: { response: { 201: samlIdpResponseSchema } }, config: { policy: 'customers:manage' } },
    async (request, reply) => {
      const body = registerSamlIdpRequestSchema.parse(request.body ?? {});
      try {
        const idp = await registerSamlIdp(db, { ...body, organizationId: request.actor!.organization.id });
        return reply.status(201).send(shape(idp));
      } catch (error) {
        if (error instanceof SamlError) throw badRequest(error.message);
        throw error;
      }
    },
  );

  // Which IdP group makes internal admins: internal admins only ('customers:manage'), like every route here.
  app.patch(
    '/identity/saml-idps/:id',
    { schema: { response: { 200: samlIdpResponseSchema } }, config: { policy: 'customers:manage' } },
    async (request) => {
      const { id } = samlIdpParamsSchema.parse(request.params);
      const { internalAdminGroup } = updateSamlIdpRequestSchema.parse(request.body ?? {});
      const idp = await setInternalAdminGroup(
        db,
        request.actor!.userId,
        request.actor!.organization.id,
        id,
        internalAdminGroup,
      );
      if (!idp) throw notFound('Identity provider not found.');
      return shape(idp);
    },
  );

  app.delete(
    '/identity/saml-idps/:id',
    { config: { policy: 'customers:manage', rawResponse: true } },
    async (request, reply) => {
      const { id } = samlIdpParamsSchema.parse(request.params);
      if (!(await deleteSamlIdp(db, request.actor!.organization.id, id)))
        throw notFound('Identity provider not found.');
      return reply.status(204).send();
    },
  );
}
