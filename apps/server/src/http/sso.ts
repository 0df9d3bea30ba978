import { createHash, randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { OIDC_SCOPES } from '@zview/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { issueSessionToken } from '../auth/authn.js';
import { buildSignedSamlResponse } from '../auth/dev-saml-idp/sign.js';
import { escapeHtml, OIDC_MOUNT, page, type IdentityProvider } from '../auth/provider.js';
import { consumedSamlRequest } from '../db/identity-flows.js';
import { completeSso, findIdp, SamlError, startSso, type SpUrls } from '../auth/saml.js';

/** The provider's own redirect target that ends the SAML leg (registered on the first-party client). */
export const SSO_COMPLETE_PATH = `${OIDC_MOUNT}/sso/complete`;

const startQuery = z.object({
  login_hint: z.string().trim().max(320).optional(),
  redirect_uri: z.string().max(2000).optional(),
});
const acsBody = z.object({ SAMLResponse: z.string().min(1).max(500_000), RelayState: z.string().min(1).max(200) });

function errorPage(reply: FastifyReply, status: number, message: string, home: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(
      page(
        'Single sign-on failed',
        `<p class="error">${escapeHtml(message)}</p><p><a href="${home}">Back to Z-VIEW</a></p>`,
      ),
    );
}

/**
 * Enterprise SSO (SAML 2.0), Okta-shaped:
 *  GET  {issuer}/sso/saml2/{idp}/home/oidc_client/{client}/{embed}?login_hint&redirect_uri
 *       → AuthnRequest to the organisation's IdP (HTTP-Redirect binding)
 *  POST {issuer}/sso/saml2/{idp}/acs → validate, provision just in time, then run the
 *       authorization flow with a one-time session token, which creates the IdP session
 *  GET  {issuer}/sso/complete → back to the web app, whose session check now finds the IdP
 *       session active and obtains tokens without a page (SPEC §4 authenticatedOnly).
 */
export async function registerSsoRoutes(app: FastifyInstance, identity: IdentityProvider) {
  const { db, config } = app.ctx;
  const urls: SpUrls = { issuer: identity.issuer };
  const home = `${config.publicUrl}/`;
  const allowedReturn = new Set([...identity.redirectUris, ...identity.postLogoutRedirectUris]);

  app.get(
    `${OIDC_MOUNT}/sso/saml2/:idp/home/oidc_client/:client/:embed`,
    { config: { policy: 'public' } },
    async (request, reply) => {
      const { idp: idpId, client } = request.params as Record<string, string>;
      const query = startQuery.safeParse(request.query);
      if (!query.success) return errorPage(reply, 400, 'The sign-in link is malformed.', home);
      const idp = await findIdp(db, idpId ?? '');
      if (!idp) return errorPage(reply, 404, 'This single sign-on configuration does not exist.', home);
      if (client !== identity.clientId) return errorPage(reply, 400, 'Unknown application.', home);
      const redirectUri = query.data.redirect_uri ?? identity.postLogoutRedirectUris[0]!;
      if (!allowedReturn.has(redirectUri))
        return errorPage(reply, 400, 'The redirect_uri is not registered for this application.', home);
      const url = await startSso(db, idp, urls, { redirectUri, loginHint: query.data.login_hint });
      return reply.redirect(url, 302);
    },
  );

  app.post(`${OIDC_MOUNT}/sso/saml2/:idp/acs`, { config: { policy: 'public' } }, async (request, reply) => {
    const { idp: idpId } = request.params as Record<string, string>;
    const body = acsBody.safeParse(request.body ?? {});
    if (!body.success) return errorPage(reply, 400, 'The SAML response is missing.', home);
    const idp = await findIdp(db, idpId ?? '');
    if (!idp) return errorPage(reply, 404, 'This single sign-on configuration does not exist.', home);
    try {
      const { user } = await completeSso(db, idp, urls, {
        samlResponse: body.data.SAMLResponse,
        relayState: body.data.RelayState,
      });
      const { token } = await issueSessionToken(db, user.id);
      // The code this leg produces is never exchanged: its verifier is thrown away here.
      const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
      const authorize = new URL(`${config.publicUrl}${OIDC_MOUNT}/auth`);
      authorize.search = new URLSearchParams({
        client_id: identity.clientId,
        response_type: 'code',
        scope: OIDC_SCOPES.join(' '),
        redirect_uri: `${config.publicUrl}${SSO_COMPLETE_PATH}`,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: body.data.RelayState,
        sessionToken: token,
      }).toString();
      return reply.redirect(`${authorize.pathname}${authorize.search}`, 303);
    } catch (error) {
      if (error instanceof SamlError) {
        request.log.warn({ idp: idp.id, reason: error.message, detail: error.detail }, 'SAML response refused');
        return errorPage(reply, 401, error.message, home);
      }
      throw error;
    }
  });

  app.get(SSO_COMPLETE_PATH, { config: { policy: 'public' } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const state = typeof query.state === 'string' ? query.state.slice(0, 200) : '';
    const row = state ? await consumedSamlRequest(db, state) : undefined;
    if (!row || typeof query.code !== 'string') {
      const reason =
        typeof query.error_description === 'string' ? query.error_description : 'The single sign-on did not complete.';
      return errorPage(reply, 400, reason, home);
    }
    return reply.redirect(row.redirect_uri, 302);
  });

  if (config.identity.devSamlIdp) registerDevSamlIdp(app, identity);
}

const devIdpForm = z.object({
  acs: z.string().max(2000),
  audience: z.string().max(2000),
  requestId: z.string().max(200),
  relayState: z.string().max(200),
  email: z.string().trim().toLowerCase().max(320).pipe(z.email()),
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
  groups: z.string().max(2000).default(''),
});

/**
 * A mock enterprise IdP for development (never in production): shows who to sign in as, then
 * posts a response signed with the committed dev key to the ACS. The seeded `sso.test` domain uses it.
 */
function registerDevSamlIdp(app: FastifyInstance, identity: IdentityProvider) {
  const base = `${OIDC_MOUNT}/dev-saml-idp`;
  app.get(base, { config: { policy: 'public' } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    let xml = '';
    try {
      xml = inflateRawSync(Buffer.from(String(query.SAMLRequest ?? ''), 'base64')).toString('utf8');
    } catch {
      /* reported below */
    }
    const requestId = /\sID="([^"]+)"/.exec(xml)?.[1];
    const acs = /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1];
    const audience = /<(?:saml2?:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1];
    if (!requestId || !acs || !audience || !acs.startsWith(identity.issuer)) {
      return reply
        .status(400)
        .type('text/html')
        .send(page('Development SAML IdP', '<p class="error">No valid AuthnRequest.</p>'));
    }
    const hint = typeof query.login_hint === 'string' ? query.login_hint : 'jane.doe@sso.test';
    const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Development SAML IdP',
        `<p class="note">A stand-in for an organisation's identity provider. Choose who signs in.</p><form method="post" action="${base}">
${hidden('acs', acs)}${hidden('audience', audience)}${hidden('requestId', requestId)}${hidden('relayState', String(query.RelayState ?? ''))}
<label for="email">Email</label><input id="email" name="email" value="${escapeHtml(hint)}">
<label for="firstName">First name</label><input id="firstName" name="firstName" value="Jane">
<label for="lastName">Last name</label><input id="lastName" name="lastName" value="Doe">
<label for="groups">Groups (comma separated)</label><input id="groups" name="groups" value="zorro">
<button type="submit">Sign in</button></form>`,
      ),
    );
  });

  app.post(base, { config: { policy: 'public' } }, async (request, reply) => {
    const form = devIdpForm.safeParse(request.body ?? {});
    if (!form.success || !form.data.acs.startsWith(identity.issuer)) {
      return reply
        .status(400)
        .type('text/html')
        .send(page('Development SAML IdP', '<p class="error">Incomplete form.</p>'));
    }
    const xml = buildSignedSamlResponse({
      destination: form.data.acs,
      audience: form.data.audience,
      inResponseTo: form.data.requestId,
      email: form.data.email,
      firstName: form.data.firstName,
      lastName: form.data.lastName,
      groups: form.data.groups
        .split(',')
        .map((g) => g.trim())
        .filter(Boolean),
    });
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Signing you in…',
        `<form method="post" action="${escapeHtml(form.data.acs)}"><input type="hidden" name="SAMLResponse" value="${Buffer.from(xml).toString('base64')}">
<input type="hidden" name="RelayState" value="${escapeHtml(form.data.relayState)}"><button type="submit">Continue</button></form><script src="${base}/autopost.js"></script>`,
      ),
    );
  });

  app.get(`${base}/autopost.js`, { config: { policy: 'public' } }, async (_request, reply) =>
    reply.type('application/javascript').send('document.forms[0].submit();\n'),
  );
}
