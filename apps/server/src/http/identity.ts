import {
  faqResponseSchema,
  getIdentityRequestSchema,
  getIdentityResponseSchema,
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
import { noContent, withZod } from './route-config.js';

/**
 * POST /get-identity (no /api prefix, no Authorization): which identity provider an email signs
 * in with — SAML2 (enterprise SSO of its domain) or OKTA (password). Public, and answers the
 * same shape for unknown emails, so it reveals no accounts.
 */
export async function registerPublicIdentityRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  app.post(
    '/get-identity',
    {
      schema: {
        summary: 'How an email signs in',
        description:
          'Which identity provider an email signs in with: SAML2 (its domain’s enterprise SSO) or OKTA (password). The same shape for every email, so it reveals no accounts.',
        body: getIdentityRequestSchema,
        response: { 200: getIdentityResponseSchema },
      },
      config: { policy: 'public' },
    },
    async (request): Promise<GetIdentityResponse> => {
      const idp = app.identity ? await findIdpForEmail(app.ctx.db, request.body.userEmail) : undefined;
      if (idp) return { links: [{ type: 'SAML2', id: idp.id, name: idp.name }] };
      return { links: [{ type: 'OKTA', id: 'password', name: 'Password' }] };
    },
  );
}

export async function registerFaqRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  app.get(
    '/faq',
    {
      schema: {
        summary: 'Frequently asked questions',
        description: 'The questions and answers of the help page.',
        response: { 200: faqResponseSchema },
      },
      config: { policy: 'faq:read' },
    },
    async (): Promise<FaqResponse> => ({ faqs: FAQ }),
  );
}

/**
 * Enterprise SSO configuration of the organisation acted for. Internal admins only: claiming an
 * email domain decides how everyone of that domain signs in, so ownership is checked by staff.
 */
export async function registerSamlIdpRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
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
    {
      schema: {
        summary: 'SAML identity providers',
        description: 'Internal admins: the enterprise SSO identity providers of the organisation acted for.',
        response: { 200: samlIdpListResponseSchema },
      },
      config: { policy: 'customers:manage' },
    },
    async (request) => ({
      identityProviders: (await listSamlIdps(db, request.actor!.organization.id)).map(shape),
    }),
  );

  app.post(
    '/identity/saml-idps',
    {
      schema: {
        summary: 'Register a SAML identity provider',
        description:
          'Internal admins: an enterprise SSO identity provider (its metadata) for the organisation acted for, claiming its email domains.',
        body: registerSamlIdpRequestSchema,
        response: { 201: samlIdpResponseSchema },
      },
      config: { policy: 'customers:manage' },
    },
    async (request, reply) => {
      try {
        const idp = await registerSamlIdp(db, { ...request.body, organizationId: request.actor!.organization.id });
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
    {
      schema: {
        summary: 'Set the internal-admin group of a SAML identity provider',
        description: 'Internal admins: which group of the identity provider makes its members internal admins.',
        params: samlIdpParamsSchema,
        body: updateSamlIdpRequestSchema,
        response: { 200: samlIdpResponseSchema },
      },
      config: { policy: 'customers:manage' },
    },
    async (request) => {
      const idp = await setInternalAdminGroup(
        db,
        request.actor!.userId,
        request.actor!.organization.id,
        request.params.id,
        request.body.internalAdminGroup,
      );
      if (!idp) throw notFound('Identity provider not found.');
      return shape(idp);
    },
  );

  app.delete(
    '/identity/saml-idps/:id',
    {
      schema: {
        summary: 'Remove a SAML identity provider',
        description: 'Internal admins: its email domains sign in with a password again.',
        params: samlIdpParamsSchema,
        response: { 204: noContent('Removed') },
      },
      config: { policy: 'customers:manage', rawResponse: true },
    },
    async (request, reply) => {
      if (!(await deleteSamlIdp(db, request.actor!.organization.id, request.params.id)))
        throw notFound('Identity provider not found.');
      return reply.status(204).send();
    },
  );
}
