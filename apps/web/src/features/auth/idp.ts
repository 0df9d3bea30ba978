/**
 * The identity-provider adapter: the only module that knows the IdP's endpoint paths and talks
 * to oidc-client-ts. Everything else in the app asks this module.
 *
 * MERGE NOTE: every path the embedded identity provider serves is in IDP_PATHS below.
 */
import {
  OIDC_SCOPES,
  authnErrorSchema,
  authnResponseSchema,
  getIdentityResponseSchema,
  type AuthnAnswer,
  type IdentityLinkAnswer,
} from '@zview/contracts';
import { UserManager, WebStorageStateStore, type OidcMetadata, type User as OidcUser } from 'oidc-client-ts';
import { apiRequest } from '../../api/client';

export const IDP_PATHS = {
  /** POST, no /api prefix, on the app's origin. */
  getIdentity: '/get-identity',
  /** Relative to the issuer (OIDC_ISSUER, e.g. https://host/oidc). */
  // The identity provider's own API under the issuer, not this app's /api (not in its OpenAPI document).
  // eslint-disable-next-line no-restricted-syntax
  authn: '/api/v1/authn',
  // eslint-disable-next-line no-restricted-syntax
  session: '/api/v1/sessions/me',
  forgotPassword: '/forgot-password',
  /** Routes of this app (outside the shell). */
  loginCallback: '/login-callback',
  silentRenew: '/silent-renew',
} as const;

export interface IdpSettings {
  issuer: string;
  clientId: string;
  /** The page origin; redirect URIs are built on it. */
  origin: string;
  /** Where "Forgot your password?" leads; defaults to {issuer}/forgot-password. */
  forgotPasswordUrl?: string;
}

/** The credential sign-in was refused with an IdP error code (E0000004, access_denied…). */
export class IdpError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'IdpError';
  }
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** {issuer}/sso/saml2/{idp}/home/oidc_client/{client}/{embed}?login_hint=&redirect_uri= (SPEC §7). */
export function enterpriseSsoUrl(settings: IdpSettings, idpId: string, email: string, embed = 'sso'): string {
  const path = ['sso', 'saml2', idpId, 'home', 'oidc_client', settings.clientId, embed]
    .map(encodeURIComponent)
    .join('/');
  const url = new URL(`${trimSlash(settings.issuer)}/${path}`, settings.origin);
  url.searchParams.set('login_hint', email);
  url.searchParams.set('redirect_uri', `${settings.origin}${IDP_PATHS.loginCallback}`);
  return url.toString();
}

export function forgotPasswordUrl(settings: IdpSettings): string {
  return settings.forgotPasswordUrl ?? `${trimSlash(settings.issuer)}${IDP_PATHS.forgotPassword}`;
}

/**
 * The provider's discovery document, kept for the tab's session: the callback page (a new
 * document) would otherwise ask for it again before it can exchange the code, one more round trip
 * on the sign-in's critical path (issue 21). Stored by prefetchMetadata, for this issuer only.
 */
const METADATA_STORAGE_KEY = 'zview_oidc_metadata';

function storedMetadata(issuer: string): Partial<OidcMetadata> | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(METADATA_STORAGE_KEY) ?? 'null') as Partial<OidcMetadata> | null;
    return stored && trimSlash(stored.issuer ?? '') === trimSlash(issuer) ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function createUserManager(settings: IdpSettings): UserManager {
  return new UserManager({
    authority: settings.issuer,
    metadata: storedMetadata(settings.issuer),
    client_id: settings.clientId,
    redirect_uri: `${settings.origin}${IDP_PATHS.loginCallback}`,
    silent_redirect_uri: `${settings.origin}${IDP_PATHS.silentRenew}`,
    post_logout_redirect_uri: `${settings.origin}/`,
    response_type: 'code', // authorization code + PKCE (oidc-client-ts default)
    scope: OIDC_SCOPES.join(' '),
    automaticSilentRenew: true,
    // Tokens live for the browser tab's session, like the rest of the stored session data.
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  });
}

/** What the app needs from the identity provider. Tests substitute a fake. */
export interface IdentityProvider {
  readonly settings: IdpSettings;
  getIdentity(email: string): Promise<IdentityLinkAnswer[]>;
  /** Credential sign-in. Resolves to the IdP answer; throws IdpError when refused. */
  signInWithCredentials(username: string, password: string): Promise<AuthnAnswer>;
  /**
   * Fetches and keeps the provider's discovery document (while the person types the password), so
   * neither the authorize redirect nor the callback page waits for it. Never fails.
   */
  prefetchMetadata(): Promise<void>;
  /** Redirect sign-in completing without a page thanks to the session token. */
  signinRedirect(sessionToken?: string): Promise<void>;
  signinRedirectCallback(): Promise<OidcUser>;
  signinSilentCallback(): Promise<void>;
  getUser(): Promise<OidcUser | null>;
  /** Is the person signed in at the IdP? Throws when the IdP cannot be asked. */
  hasActiveSession(): Promise<boolean>;
  /** Revokes the access token and ends the IdP session, then forgets the tokens locally. */
  signOut(): Promise<void>;
  /** Forgets the tokens held in this browser (nothing is sent). */
  forgetTokens(): Promise<void>;
  /** Follows token changes: issued or renewed, removed or expired. Returns the unsubscriber. */
  onTokens(handlers: TokenHandlers): () => void;
  /** Leaves the app for another URL (enterprise SSO). */
  redirectTo(url: string): void;
}

export interface TokenHandlers {
  loaded(user: OidcUser): void;
  lost(): void;
}

export function createIdentityProvider(
  settings: IdpSettings,
  userManager = createUserManager(settings),
): IdentityProvider {
  const issuer = trimSlash(settings.issuer);
  // One request at a time: Sign in clicked while the prefetch is on its way waits for it.
  let discovery: Promise<void> | undefined;
  const prefetchMetadata = () => {
    discovery ??= userManager.metadataService.getMetadata().then(
      (metadata) => sessionStorage.setItem(METADATA_STORAGE_KEY, JSON.stringify(metadata)),
      (error: unknown) => {
        discovery = undefined; // sign-in asks again when it needs it
        console.warn('Identity-provider discovery failed', error);
      },
    );
    return discovery;
  };
  return {
    settings,
    async getIdentity(email) {
      // Authorization is cleared: the person is not signed in yet.
      // Outside the /api document (SPEC: POST /get-identity), so the untyped request, not api.post.
      const body = await apiRequest('/get-identity', {
        method: 'POST',
        body: { userEmail: email.trim().toLowerCase() },
        auth: false,
        organization: false,
      });
      return getIdentityResponseSchema.parse(body).links;
    },
    async signInWithCredentials(username, password) {
      const response = await fetch(`${issuer}${IDP_PATHS.authn}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        credentials: 'include',
        body: JSON.stringify({ username, password }),
      });
      const data: unknown = await response.json().catch(() => ({}));
      if (!response.ok) {
        const refused = authnErrorSchema.safeParse(data);
        if (refused.success)
          throw new IdpError(refused.data.errorCode, refused.data.errorSummary ?? refused.data.errorCode);
        const oauth = data as { error?: unknown; error_description?: unknown };
        if (typeof oauth.error === 'string')
          throw new IdpError(
            oauth.error,
            typeof oauth.error_description === 'string' ? oauth.error_description : oauth.error,
          );
        throw new Error(`Sign-in failed with status ${response.status}`);
      }
      return authnResponseSchema.parse(data);
    },
    prefetchMetadata,
    async signinRedirect(sessionToken) {
      await prefetchMetadata();
      await userManager.signinRedirect(sessionToken ? { extraQueryParams: { sessionToken } } : undefined);
    },
    signinRedirectCallback: () => userManager.signinRedirectCallback(),
    signinSilentCallback: () => userManager.signinSilentCallback(),
    getUser: () => userManager.getUser(),
    async hasActiveSession() {
      // quiet=1: no session answers 204 rather than 404, which the browser would log as an error on every fresh load.
      const response = await fetch(`${issuer}${IDP_PATHS.session}?quiet=1`, {
        credentials: 'include',
        headers: { accept: 'application/json' },
      });
      if (response.status === 204 || response.status === 404 || response.status === 401) return false;
      if (response.ok) return true;
      throw new Error(`Session check failed with status ${response.status}`);
    },
    async signOut() {
      try {
        await userManager.revokeTokens(['access_token']);
      } catch (error) {
        // Still end the session and forget the tokens: a failed revocation must not keep anyone signed in.
        console.warn('Token revocation failed', error);
      }
      await fetch(`${issuer}${IDP_PATHS.session}`, { method: 'DELETE', credentials: 'include' }).catch(
        (error: unknown) => {
          console.warn('Ending the identity-provider session failed', error);
        },
      );
      await userManager.removeUser();
    },
    forgetTokens: () => userManager.removeUser(),
    onTokens({ loaded, lost }) {
      const events = userManager.events;
      const onRenewError = (error: Error) => console.warn('Silent token renewal failed', error);
      events.addUserLoaded(loaded);
      events.addUserUnloaded(lost);
      events.addAccessTokenExpired(lost);
      events.addSilentRenewError(onRenewError);
      return () => {
        events.removeUserLoaded(loaded);
        events.removeUserUnloaded(lost);
        events.removeAccessTokenExpired(lost);
        events.removeSilentRenewError(onRenewError);
      };
    },
    redirectTo(url) {
      window.location.assign(url);
    },
  };
}
