/**
 * The identity-provider adapter: the only module that talks to oidc-client-ts (its paths and
 * settings are in idp-core.ts). Everything else in the app asks this module, through
 * idp-lazy.ts where the first screen must not wait for it.
 */
import { OIDC_SCOPES, authnErrorSchema, authnResponseSchema, getIdentityResponseSchema } from '@zview/contracts';
import { UserManager, WebStorageStateStore, type OidcMetadata } from 'oidc-client-ts';
import { apiRequest } from '../../api/client';
import {
  IDP_PATHS,
  IdpError,
  hasActiveIdpSession,
  trimSlash,
  type IdentityProvider,
  type IdpSettings,
} from './idp-core';

export * from './idp-core';

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
    hasActiveSession: () => hasActiveIdpSession(issuer),
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
