import { whenFirstPageShown } from '../../ui/firstPage';
import type { IdentityProvider, IdpSettings, TokenHandlers } from './idp-core';
import { hasActiveIdpSession, readHeldTokens } from './idp-core';

/**
 * An IdentityProvider whose adapter (idp.ts: oidc-client-ts, the zod answers, the API client)
 * loads on first use instead of before the first screen (issue 45). The login page shows
 * without it and calls `preload()` once painted, so it is there before anyone has finished typing
 * an email. A signed-in load reads its held tokens from session storage and loads the adapter
 * (token renewal and expiry) once its first page has shown, so the home page does not wait for it.
 */
export interface LazyIdentityProvider extends IdentityProvider {
  /** Starts loading the adapter; resolves once it is ready (never rejects: first use retries). */
  preload(): Promise<void>;
}

export function createLazyIdentityProvider(
  settings: IdpSettings,
  load: () => Promise<{ createIdentityProvider(settings: IdpSettings): IdentityProvider }> = () => import('./idp'),
  /** When following token changes may load the adapter: after the first page, not before it. */
  followTokensAfter: () => Promise<void> = whenFirstPageShown,
): LazyIdentityProvider {
  let adapter: Promise<IdentityProvider> | undefined;
  const real = () => {
    adapter ??= load().then(
      (module) => module.createIdentityProvider(settings),
      (error: unknown) => {
        adapter = undefined; // a failed chunk download is tried again on the next use
        throw error;
      },
    );
    return adapter;
  };
  const onTokens = (handlers: TokenHandlers) => {
    let unsubscribe: (() => void) | undefined;
    let stopped = false;
    followTokensAfter()
      .then(() => (stopped ? undefined : real()))
      .then(
        (idp) => {
          if (idp && !stopped) unsubscribe = idp.onTokens(handlers);
        },
        (error: unknown) => console.warn('Identity-provider adapter failed to load', error),
      );
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  };
  return {
    settings,
    preload: () =>
      real().then(
        () => undefined,
        () => undefined,
      ),
    getIdentity: (email) => real().then((idp) => idp.getIdentity(email)),
    signInWithCredentials: (username, password) => real().then((idp) => idp.signInWithCredentials(username, password)),
    prefetchMetadata: () => real().then((idp) => idp.prefetchMetadata()),
    signinRedirect: (sessionToken) => real().then((idp) => idp.signinRedirect(sessionToken)),
    signinRedirectCallback: () => real().then((idp) => idp.signinRedirectCallback()),
    signinSilentCallback: () => real().then((idp) => idp.signinSilentCallback()),
    // Before the adapter is here the stored tokens answer, as oidc-client-ts would read them.
    getUser: () => (adapter ? real().then((idp) => idp.getUser()) : Promise.resolve(readHeldTokens(settings))),
    // A plain fetch: no need to wait for the adapter.
    hasActiveSession: () => hasActiveIdpSession(settings.issuer),
    signOut: () => real().then((idp) => idp.signOut()),
    forgetTokens: () => real().then((idp) => idp.forgetTokens()),
    onTokens,
    redirectTo: (url) => window.location.assign(url),
  };
}
