/**
 * The identity provider's light half: its paths, settings, the URLs the login page links to, the
 * refusal error and the adapter's interface. No oidc-client-ts and no zod here, so the login page
 * can show without them (issue 45); the adapter itself (idp.ts) loads behind it (idp-lazy.ts).
 *
 * MERGE NOTE: every path the embedded identity provider serves is in IDP_PATHS below.
 */
import type { AuthnAnswer, IdentityLinkAnswer } from '@zview/contracts';
import type { User as OidcUser } from 'oidc-client-ts';

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

export const trimSlash = (url: string) => url.replace(/\/+$/, '');

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
  getUser(): Promise<HeldTokens | null>;
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

/** What the app reads of the tokens a tab holds (oidc-client-ts's User has these fields). */
export interface HeldTokens {
  access_token: string;
  id_token?: string;
  /** Unknown (undefined) when the tokens carry no expiry. */
  readonly expired: boolean | undefined;
}

export interface TokenHandlers {
  loaded(user: HeldTokens): void;
  lost(): void;
}

/**
 * Where oidc-client-ts keeps the signed-in user's tokens in session storage (its WebStorageStateStore
 * prefix `oidc.` and UserManager's user key): read by the first screen to know, without loading
 * oidc-client-ts, whether this tab holds tokens (idp.test.ts checks it against the library).
 */
export function storedUserKey(settings: Pick<IdpSettings, 'issuer' | 'clientId'>): string {
  return `oidc.user:${settings.issuer}:${settings.clientId}`;
}

/**
 * The tokens this tab holds, read from session storage as oidc-client-ts stored them (its User's
 * JSON: `expires_at` in seconds, `expired` once it has passed): a signed-in load shows its first
 * page without loading oidc-client-ts (issue 45). Null when none or unreadable.
 */
export function readHeldTokens(
  settings: Pick<IdpSettings, 'issuer' | 'clientId'>,
  storage: Pick<Storage, 'getItem'> = sessionStorage,
  nowMs = Date.now(),
): HeldTokens | null {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(storedUserKey(settings)) ?? 'null');
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const { access_token, id_token, expires_at } = stored as Record<string, unknown>;
  if (typeof access_token !== 'string') return null;
  return {
    access_token,
    id_token: typeof id_token === 'string' ? id_token : undefined,
    expired: typeof expires_at === 'number' ? expires_at - Math.floor(nowMs / 1000) <= 0 : undefined,
  };
}

/**
 * Is the person signed in at the identity provider? Plain fetch, so the first screen can ask it
 * before any sign-in code has loaded. Throws when the IdP cannot be asked.
 */
export async function hasActiveIdpSession(issuer: string): Promise<boolean> {
  // quiet=1: no session answers 204 rather than 404, which the browser would log as an error on every fresh load.
  const response = await fetch(`${trimSlash(issuer)}${IDP_PATHS.session}?quiet=1`, {
    credentials: 'include',
    headers: { accept: 'application/json' },
  });
  if (response.status === 204 || response.status === 404 || response.status === 401) return false;
  if (response.ok) return true;
  throw new Error(`Session check failed with status ${response.status}`);
}
