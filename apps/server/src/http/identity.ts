import { getIdentityRequestSchema, type FaqResponse, type GetIdentityResponse } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { findIdpForEmail } from '../auth/saml.js';
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
  app.get('/faq', { config: { policy: 'faq:read' } }, async (): Promise<FaqResponse> => ({ faqs: FAQ }));
}
