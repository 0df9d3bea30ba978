import { OIDC_SCOPES } from '@zview/contracts';
import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { CLAIMS_BY_SCOPE, findUserById, hasAppAccess, membershipsOf, userClaims } from './accounts.js';
import type { IdentityKeys } from './keys.js';
import { postgresAdapter } from './oidc-adapter.js';

/** Where the embedded provider is mounted on the server (its issuer is {PUBLIC_URL}/oidc by default). */
export const OIDC_MOUNT = '/oidc';
/** The resource-server scope granted to the first-party web app for the API. */
export const API_SCOPE = 'api';
const SCOPES = OIDC_SCOPES.join(' ');

export interface IdentityProvider {
  provider: Provider;
  keys: IdentityKeys;
  issuer: string;
  clientId: string;
  /** Redirect URIs the first-party client may use (after sign-in, after sign-out). */
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

/**
 * The embedded OpenID provider (oidc-provider, OpenID Certified): one public first-party client
 * (the web app) using authorization code + PKCE S256, JWT access tokens for the API resource,
 * storage in PostgreSQL, no consent screen for the first-party client.
 */
export function createIdentityProvider(config: ServerConfig, db: Db, keys: IdentityKeys): IdentityProvider {
  const issuer = config.runtime.OIDC_ISSUER;
  const clientId = config.runtime.OIDC_CLIENT_ID;
  const { audience } = config.identity;
  const redirectUris = [`${config.publicUrl}/login-callback`];
  const postLogoutRedirectUris = [`${config.publicUrl}/`];

  // A sessionToken on the authorize request is a fresh sign-in: it must log in (possibly another
  // account) even when an IdP session exists, so the login prompt is requested until it is redeemed.
  const policy = interactionPolicy.base();
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check('session_token', 'a session token was presented', (ctx) =>
        typeof ctx.oidc.params?.sessionToken === 'string' && !ctx.oidc.result?.login
          ? interactionPolicy.Check.REQUEST_PROMPT
          : interactionPolicy.Check.NO_NEED_TO_PROMPT,
      ),
    );

  const configuration: Configuration = {
    adapter: postgresAdapter(db),
    clients: [
      {
        client_id: clientId,
        client_name: 'Z-VIEW',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // The SSO leg's own landing (http/sso.ts) is also a redirect target of the first-party client.
        redirect_uris: [...redirectUris, `${config.publicUrl}${OIDC_MOUNT}/sso/complete`],
        post_logout_redirect_uris: postLogoutRedirectUris,
      },
    ],
    // S256 is the only method oidc-provider supports; PKCE is required for every request.
    pkce: { required: () => true },
    scopes: [...OIDC_SCOPES],
    claims: CLAIMS_BY_SCOPE,
    conformIdTokenClaims: false,
    extraParams: ['sessionToken'],
    async findAccount(_ctx, sub) {
      const user = await findUserById(db, sub);
      if (!user) return undefined;
      const memberships = await membershipsOf(db, user.id);
      if (!hasAppAccess(user, memberships)) return undefined;
      return { accountId: user.id, claims: async () => userClaims(user, memberships) as { sub: string } };
    },
    interactions: { policy, url: (_ctx, interaction) => `${OIDC_MOUNT}/interaction/${interaction.uid}` },
    // The first-party web app never sees a consent screen: its grant is created on first use,
    // which also lets prompt=none (silent renewal) succeed while the IdP session lasts.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const client = ctx.oidc.client!;
      const session = ctx.oidc.session!;
      const grantId =
        (ctx.oidc.result?.consent as { grantId?: string } | undefined)?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (client.clientId !== clientId || !session.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES);
      grant.addResourceScope(audience, API_SCOPE);
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = page(
            'Sign out',
            `<p>Do you want to sign out of Z-VIEW?</p>${form}<button form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
          );
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = page(
            'Signed out',
            `<p>You are signed out.</p><p><a href="${config.publicUrl}/">Back to Z-VIEW</a></p>`,
          );
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== audience) throw new Error('unknown resource');
          return {
            scope: API_SCOPE,
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 3600,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in error',
        `<p>${escapeHtml(String(out.error_description ?? out.error))}</p><p><a href="${config.publicUrl}/">Back to Z-VIEW</a></p>`,
      );
    },
    clientBasedCORS: (_ctx, origin) => origin === new URL(config.publicUrl).origin,
    cookies: { keys: keys.cookie },
    jwks: { keys: keys.signing as never },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Grant: 12 * 3600,
      Session: 12 * 3600,
    },
  };

  const provider = new Provider(issuer, configuration);
  // Behind a TLS-terminating proxy, trust X-Forwarded-Proto for secure cookies.
  provider.proxy = true;
  return { provider, keys, issuer, clientId, redirectUris, postLogoutRedirectUris };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The identity provider's own small pages (sign-out, errors, password reset): plain HTML, no script. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Z-VIEW</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0}main{max-width:420px;margin:10vh auto;background:#fff;padding:32px;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:22px;margin-top:0}label{display:block;margin:16px 0 4px}input{width:100%;box-sizing:border-box;padding:10px;font-size:15px}
button{margin-top:20px;padding:10px 18px;font-size:15px;background:#0b5cad;color:#fff;border:0;border-radius:4px;cursor:pointer}.error{color:#b00020}.note{color:#555}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
