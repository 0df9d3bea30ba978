import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  AUTHN_ERROR_CODES,
  authnRequestSchema,
  MESSAGES,
  OIDC_SCOPES,
  sessionProbeQuerySchema,
} from '@zview/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { findUserById } from '../auth/accounts.js';
import {
  authenticateWithPassword,
  issueSessionToken,
  redeemSessionToken,
  THROTTLE,
  type AuthnOptions,
} from '../auth/authn.js';
import { loadIdentityKeys } from '../auth/keys.js';
import { purgeExpiredOidcModels } from '../auth/oidc-adapter.js';
import { API_SCOPE, createIdentityProvider, OIDC_MOUNT, page, type IdentityProvider } from '../auth/provider.js';
import { createTokenVerifier, type TokenVerifier } from '../auth/token-verifier.js';
import { registerPasswordResetPages } from './password-reset.js';
import { hasSignedInSession, revokeTokenId } from '../db/identity-flows.js';
import { registerSsoRoutes } from './sso.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded identity provider, when this server runs it. */
    identity?: IdentityProvider;
    /** Verifies API access tokens against the configured issuer. */
    tokens: TokenVerifier;
    /** Test hook: how the credential sign-in waits when slowing down repeated failures. */
    authnOptions: AuthnOptions;
  }
}

/**
 * The identity side of the server: token verification for the API and, unless an external OIDC
 * provider is configured, the embedded provider under /oidc with its Okta-style endpoints.
 */
export async function registerIdentityProvider(app: FastifyInstance) {
  const { config, db } = app.ctx;
  app.decorate('authnOptions', {});
  if (!config.identity.embedded) {
    app.decorate('tokens', createTokenVerifier(config, db));
    return;
  }
  const keys = await loadIdentityKeys(db);
  const identity = createIdentityProvider(config, db, keys);
  app.decorate('identity', identity);
  app.decorate('tokens', createTokenVerifier(config, db, keys));
  const { provider } = identity;

  // Expired rows are ignored by reads; this keeps the tables small.
  const purge = setInterval(
    () => void purgeExpiredOidcModels(db).catch((error) => app.log.warn({ err: error }, 'identity purge failed')),
    3600_000,
  );
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    registerAuthnRoutes(scope, identity);
    registerInteractionRoutes(scope, identity);
    registerRevocation(scope, identity);
    await registerPasswordResetPages(scope);
    await registerSsoRoutes(scope, identity);
  });

  // Everything else under /oidc is oidc-provider itself (a Koa app): discovery, authorize, token,
  // JWKS, userinfo, end session. It reads the request body itself, so no parser runs here.
  const callback = provider.callback();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const handler = (request: FastifyRequest, reply: FastifyReply) => forwardToProvider(request, reply, callback);
    // Sign-out without a session: oidc-provider answers a page that submits itself with an inline
    // script, which our CSP may block; there is nothing to end, so go straight back (issue 12).
    scope.get(`${OIDC_MOUNT}/session/end`, { config: { policy: 'public' } }, async (request, reply) => {
      if (await hasLiveSession(app, request)) return handler(request, reply);
      const target = (request.query as Record<string, unknown>).post_logout_redirect_uri;
      const back =
        typeof target === 'string' && identity.postLogoutRedirectUris.includes(target)
          ? target
          : `${config.publicUrl}/`;
      return reply.header('cache-control', 'no-store').redirect(back, 303);
    });
    scope.all(OIDC_MOUNT, { config: { policy: 'public' } }, handler);
    scope.all(`${OIDC_MOUNT}/*`, { config: { policy: 'public' } }, handler);
  });
}

/** Whether the request carries the cookie of an IdP session with a signed-in account. */
async function hasLiveSession(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const id = /(?:^|;\s*)_session=([A-Za-z0-9_-]{10,100})(?:;|$)/.exec(request.headers.cookie ?? '')?.[1];
  if (!id) return false;
  return hasSignedInSession(app.ctx.db, id);
}

type Callback = (req: IncomingMessage, res: ServerResponse) => unknown;

function forwardToProvider(request: FastifyRequest, reply: FastifyReply, callback: Callback, parsedBody?: unknown) {
  // Headers set by our hooks (x-version, security headers) must survive the hand-over.
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) reply.raw.setHeader(name, value as string);
  reply.hijack();
  const raw = request.raw as IncomingMessage & { originalUrl?: string; body?: unknown };
  raw.originalUrl = raw.url;
  raw.url = raw.url!.slice(OIDC_MOUNT.length) || '/';
  if (parsedBody !== undefined) raw.body = parsedBody;
  callback(raw, reply.raw);
}

function authnError(reply: FastifyReply, status: number, errorCode: string, errorSummary: string) {
  return reply.status(status).send({ errorCode, errorSummary, errorCauses: [] });
}

/**
 * POST /oidc/api/v1/authn — credential sign-in, shaped like Okta's Authentication API:
 * SUCCESS with a one-time sessionToken, PASSWORD_EXPIRED, LOCKED_OUT, or an error code.
 * GET/DELETE /oidc/api/v1/sessions/me — is the IdP session active; end it.
 */
function registerAuthnRoutes(app: FastifyInstance, identity: IdentityProvider) {
  app.post(`${OIDC_MOUNT}/api/v1/authn`, { config: { policy: 'public' } }, async (request, reply) => {
    const parsed = authnRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      return authnError(
        reply,
        400,
        AUTHN_ERROR_CODES.badRequest,
        'Api validation failed: username and password are required.',
      );
    }
    const outcome = await authenticateWithPassword(
      app.ctx.db,
      { email: parsed.data.username, password: parsed.data.password, ip: request.ip },
      app.authnOptions,
    );
    switch (outcome.kind) {
      case 'success':
        return {
          status: 'SUCCESS',
          sessionToken: outcome.sessionToken,
          expiresAt: outcome.expiresAt.toISOString(),
          _embedded: {
            user: {
              id: outcome.user.id,
              profile: {
                login: outcome.user.email,
                firstName: outcome.user.first_name,
                lastName: outcome.user.last_name,
              },
            },
          },
        };
      case 'password_expired':
        return { status: 'PASSWORD_EXPIRED' };
      case 'locked_out':
        return { status: 'LOCKED_OUT' };
      case 'ip_locked':
        reply.header('retry-after', String(THROTTLE.lockMinutes * 60));
        return authnError(
          reply,
          429,
          AUTHN_ERROR_CODES.rateLimited,
          'API call exceeded rate limit due to too many requests.',
        );
      case 'access_denied':
        return authnError(reply, 403, AUTHN_ERROR_CODES.accessDenied, MESSAGES.noOktaAppsEnabled);
      case 'invalid_credentials':
        return authnError(reply, 401, AUTHN_ERROR_CODES.invalidCredentials, 'Authentication failed');
    }
  });

  app.get(`${OIDC_MOUNT}/api/v1/sessions/me`, { config: { policy: 'public' } }, async (request, reply) => {
    const session = await identity.provider.Session.get({ req: request.raw, res: reply.raw } as never);
    const user = session.accountId ? await findUserById(app.ctx.db, session.accountId) : undefined;
    reply.header('cache-control', 'no-store');
    if (!user || user.status !== 'active') {
      if (sessionProbeQuerySchema.safeParse(request.query).data?.quiet) return reply.status(204).send();
      return authnError(reply, 404, 'E0000007', 'Not found: Resource not found: me (Session)');
    }
    return {
      id: session.uid,
      userId: user.id,
      login: user.email,
      status: 'ACTIVE',
      createdAt: new Date((session.loginTs ?? session.iat) * 1000).toISOString(),
      expiresAt: new Date(session.exp * 1000).toISOString(),
      idp: { type: user.identity_source === 'saml' ? 'SAML2' : 'OKTA', id: user.saml_idp_id ?? 'password' },
    };
  });

  app.delete(`${OIDC_MOUNT}/api/v1/sessions/me`, { config: { policy: 'public' } }, async (request, reply) => {
    const session = await identity.provider.Session.get({ req: request.raw, res: reply.raw } as never);
    if (!session.accountId) return authnError(reply, 404, 'E0000007', 'Not found: Resource not found: me (Session)');
    await session.destroy();
    return reply.status(204).send();
  });
}

/**
 * The provider asks for an interaction when it needs a login or consent. Nothing is shown: the
 * authorize request carries the one-time sessionToken (credential or SAML sign-in), which logs
 * the account in; consent for the first-party client is granted here.
 */
function registerInteractionRoutes(app: FastifyInstance, identity: IdentityProvider) {
  const { provider } = identity;
  app.get(`${OIDC_MOUNT}/interaction/:uid`, { config: { policy: 'public' } }, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    let result: Record<string, unknown>;
    if (details.prompt.name === 'login') {
      const token = details.params.sessionToken;
      const user =
        typeof token === 'string' && token.length <= 200 ? await redeemSessionToken(app.ctx.db, token) : undefined;
      if (user && details.session?.accountId && details.session.accountId !== user.id) {
        // A new sign-in replaces the IdP session of another account (as Okta's sessionToken does):
        // end that session and restart the same authorization request with a fresh token.
        await (await provider.Session.findByUid(details.session.uid))?.destroy();
        const { token: fresh } = await issueSessionToken(app.ctx.db, user.id);
        const params = new URLSearchParams();
        for (const [name, value] of Object.entries(details.params))
          if (typeof value === 'string') params.set(name, value);
        params.set('sessionToken', fresh);
        return reply.redirect(`${OIDC_MOUNT}/auth?${params.toString()}`, 303);
      }
      result = user
        ? { login: { accountId: user.id, amr: [user.identity_source === 'saml' ? 'ext' : 'pwd'] } }
        : {
            error: 'login_required',
            error_description: 'Sign in with your email and password first (a valid sessionToken is required).',
          };
    } else if (
      details.prompt.name === 'consent' &&
      details.params.client_id === identity.clientId &&
      details.session?.accountId
    ) {
      const grant = details.grantId
        ? ((await provider.Grant.find(details.grantId)) ??
          new provider.Grant({ clientId: identity.clientId, accountId: details.session.accountId }))
        : new provider.Grant({ clientId: identity.clientId, accountId: details.session.accountId });
      grant.addOIDCScope(OIDC_SCOPES.join(' '));
      grant.addResourceScope(app.ctx.config.identity.audience, API_SCOPE);
      result = { consent: { grantId: await grant.save() } };
    } else {
      result = {
        error: 'access_denied',
        error_description: 'This client needs consent, which this provider does not ask for.',
      };
    }
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value as string);
    reply.hijack();
    try {
      await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
    } catch (error) {
      // The reply is hijacked: answer here, or the browser would wait forever.
      request.log.warn({ err: error }, 'interaction could not finish');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
        reply.raw.end(
          page(
            'Sign-in error',
            `<p>The sign-in could not be completed. Please try again.</p><p><a href="${app.ctx.config.publicUrl}/">Back to Z-VIEW</a></p>`,
          ),
        );
      }
    }
  });
}

/**
 * RFC 7009 revocation. The API's access tokens are JWTs, which oidc-provider cannot revoke (they
 * are not stored), so their ids are listed in revoked_tokens, which the API checks. Other tokens
 * go to the provider's own endpoint.
 */
function registerRevocation(app: FastifyInstance, identity: IdentityProvider) {
  const jwks = createLocalJWKSet(identity.keys.publicJwks);
  const callback = identity.provider.callback();
  app.post(`${OIDC_MOUNT}/token/revocation`, { config: { policy: 'public' } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const token = typeof body.token === 'string' ? body.token : undefined;
    if (!token || token.split('.').length !== 3) return forwardToProvider(request, reply, callback, body);
    if (body.client_id !== identity.clientId) {
      return reply.status(401).send({ error: 'invalid_client', error_description: 'client authentication failed' });
    }
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: identity.issuer,
        clockTolerance: Number.MAX_SAFE_INTEGER,
      });
      if (payload.jti && payload.client_id === identity.clientId) {
        await revokeTokenId(app.ctx.db, payload.jti, new Date((payload.exp ?? Date.now() / 1000 + 3600) * 1000));
      }
    } catch {
      // RFC 7009 §2.2: an invalid token is not an error for the caller.
    }
    reply.header('cache-control', 'no-store');
    return reply.status(200).send();
  });
}
