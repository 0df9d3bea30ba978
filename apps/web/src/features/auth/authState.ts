import type { AuthState } from '@zview/contracts';

/**
 * The authentication state machine (SPEC §4), as pure functions.
 *
 * Facts come from two places: the identity provider's session (is the person signed in at the
 * IdP?) and the tokens this browser holds. The state is derived from the facts, never stored.
 */
export interface AuthFacts {
  /** undefined until the IdP session has been checked. */
  sessionActive: boolean | undefined;
  /** Non-expired access token and an id token that decodes to a user. */
  hasValidTokens: boolean;
}

export const INITIAL_FACTS: AuthFacts = { sessionActive: undefined, hasValidTokens: false };

export function authStateOf(facts: AuthFacts): AuthState {
  if (facts.sessionActive === undefined) return 'unknown';
  if (!facts.sessionActive) return 'unauthenticated';
  return facts.hasValidTokens ? 'authenticatedAndAuthorized' : 'authenticatedOnly';
}

export type AuthView = 'loading' | 'login' | 'app';

/** Unknown and authenticatedOnly show a loading indicator; unauthenticated the login page. */
export function authViewOf(state: AuthState): AuthView {
  switch (state) {
    case 'unauthenticated':
      return 'login';
    case 'authenticatedAndAuthorized':
      return 'app';
    default:
      return 'loading';
  }
}

/** authenticatedOnly: the IdP session is active but we hold no tokens, so fetch them by redirect. */
export function needsTokenRedirect(state: AuthState): boolean {
  return state === 'authenticatedOnly';
}

export type AuthEvent =
  | { type: 'sessionChecked'; active: boolean }
  /** The session check itself failed (network, IdP down): trust the tokens we hold. */
  | { type: 'sessionCheckFailed' }
  /** Usable tokens found in storage at start (the IdP session is still to be checked). */
  | { type: 'tokensFound' }
  /** Tokens just issued (sign-in, silent renew). */
  | { type: 'tokensLoaded' }
  | { type: 'tokensLost' }
  /** Tokens expired or were removed while running: the IdP session must be checked again. */
  | { type: 'tokensExpired' }
  | { type: 'signedOut' };

export function authReducer(facts: AuthFacts, event: AuthEvent): AuthFacts {
  switch (event.type) {
    case 'sessionChecked':
      return { ...facts, sessionActive: event.active };
    case 'sessionCheckFailed':
      return { ...facts, sessionActive: facts.hasValidTokens };
    case 'tokensFound':
      return { ...facts, hasValidTokens: true };
    case 'tokensLoaded':
      // Tokens are only issued to an active IdP session.
      return { sessionActive: true, hasValidTokens: true };
    case 'tokensLost':
      return { ...facts, hasValidTokens: false };
    case 'tokensExpired':
      return { sessionActive: undefined, hasValidTokens: false };
    case 'signedOut':
      return { sessionActive: false, hasValidTokens: false };
  }
}
