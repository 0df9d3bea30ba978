import type { IdentityUser } from '@zview/contracts';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { setAccessToken } from '../../api/client';
import { INITIAL_FACTS, authReducer, authStateOf, needsTokenRedirect } from './authState';
import type { HeldTokens, IdentityProvider } from './idp-core';
import { saveRestoreUrl } from './restoreUrl';
import { decodeUser, identityProviderKindOf } from './user';

export interface SignedIn {
  user: IdentityUser;
  identityProvider: 'Password' | 'SSO';
}

/** The user of usable tokens, or undefined (expired, missing, or an id token that does not parse). */
function signedInFrom(oidcUser: HeldTokens | null): SignedIn | undefined {
  if (!oidcUser || oidcUser.expired || !oidcUser.access_token) return undefined;
  const user = decodeUser(oidcUser.id_token);
  return user ? { user, identityProvider: identityProviderKindOf(oidcUser.id_token) } : undefined;
}

/**
 * Runs the authentication state machine against the identity provider: checks the IdP session
 * and the stored tokens at start, follows token renewals and losses, and redirects for tokens
 * when the IdP session is active but the browser holds none (authenticatedOnly).
 */
export function useAuth(idp: IdentityProvider) {
  const [facts, dispatch] = useReducer(authReducer, INITIAL_FACTS);
  const [signedIn, setSignedIn] = useState<SignedIn | undefined>(undefined);

  useEffect(() => {
    let active = true;
    const accept = (oidcUser: HeldTokens | null) => {
      const next = signedInFrom(oidcUser);
      setSignedIn(next);
      setAccessToken(next ? oidcUser?.access_token : undefined);
      return next;
    };
    void (async () => {
      const held = accept(await idp.getUser().catch(() => null));
      if (!active) return;
      dispatch({ type: held ? 'tokensFound' : 'tokensLost' });
      try {
        const sessionActive = await idp.hasActiveSession();
        if (!active) return;
        // Signed out at the IdP (another tab, expiry): tokens held here no longer count.
        if (!sessionActive && held) {
          await idp.forgetTokens().catch(() => undefined);
          accept(null);
          dispatch({ type: 'tokensLost' });
        }
        dispatch({ type: 'sessionChecked', active: sessionActive });
      } catch (error) {
        console.warn('Identity-provider session check failed', error);
        if (active) dispatch({ type: 'sessionCheckFailed' });
      }
    })();

    const onLoaded = (oidcUser: HeldTokens) => dispatch({ type: accept(oidcUser) ? 'tokensLoaded' : 'tokensLost' });
    const onLost = () => {
      accept(null);
      dispatch({ type: 'tokensExpired' });
      // Redirect for new tokens only if the IdP session still lives; otherwise show the login page.
      idp.hasActiveSession().then(
        (sessionActive) => active && dispatch({ type: 'sessionChecked', active: sessionActive }),
        () => active && dispatch({ type: 'sessionCheckFailed' }),
      );
    };
    const unsubscribe = idp.onTokens({ loaded: onLoaded, lost: onLost });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [idp]);

  const state = authStateOf(facts);

  useEffect(() => {
    if (!needsTokenRedirect(state)) return;
    saveRestoreUrl();
    idp.signinRedirect().catch((error: unknown) => {
      console.error('Redirect sign-in failed', error);
      dispatch({ type: 'signedOut' });
    });
  }, [state, idp]);

  const markSignedOut = useCallback(() => dispatch({ type: 'signedOut' }), []);
  return { state, signedIn, markSignedOut };
}
