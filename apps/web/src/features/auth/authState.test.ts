import { describe, expect, it } from 'vitest';
import { INITIAL_FACTS, authReducer, authStateOf, authViewOf, needsTokenRedirect, type AuthEvent } from './authState';

const run = (...events: AuthEvent[]) => authStateOf(events.reduce(authReducer, INITIAL_FACTS));

describe('authentication state (SPEC §4)', () => {
  it('is unknown until the IdP session has been checked, whatever the tokens', () => {
    expect(run()).toBe('unknown');
    expect(run({ type: 'tokensFound' })).toBe('unknown');
  });

  it('is unauthenticated when the IdP session is not active, even with tokens held', () => {
    expect(run({ type: 'sessionChecked', active: false })).toBe('unauthenticated');
    expect(run({ type: 'tokensFound' }, { type: 'sessionChecked', active: false })).toBe('unauthenticated');
  });

  it('is authorized when the session is active and tokens are held', () => {
    expect(run({ type: 'tokensFound' }, { type: 'sessionChecked', active: true })).toBe('authenticatedAndAuthorized');
  });

  it('is authenticatedOnly when the session is active without tokens, and then redirects for tokens', () => {
    const state = run({ type: 'sessionChecked', active: true });
    expect(state).toBe('authenticatedOnly');
    expect(needsTokenRedirect(state)).toBe(true);
    expect(needsTokenRedirect('authenticatedAndAuthorized')).toBe(false);
    expect(needsTokenRedirect('unauthenticated')).toBe(false);
  });

  it('becomes authenticatedOnly when tokens are lost and authorized again when renewed', () => {
    const lost = run({ type: 'tokensFound' }, { type: 'sessionChecked', active: true }, { type: 'tokensLost' });
    expect(lost).toBe('authenticatedOnly');
    expect(run({ type: 'sessionChecked', active: true }, { type: 'tokensLost' }, { type: 'tokensLoaded' })).toBe(
      'authenticatedAndAuthorized',
    );
  });

  it('checks the session again when tokens expire while running', () => {
    const expired = run({ type: 'tokensFound' }, { type: 'sessionChecked', active: true }, { type: 'tokensExpired' });
    expect(expired).toBe('unknown');
    expect(
      run(
        { type: 'tokensFound' },
        { type: 'sessionChecked', active: true },
        { type: 'tokensExpired' },
        { type: 'sessionChecked', active: false },
      ),
    ).toBe('unauthenticated');
  });

  it('falls back to the tokens when the session check itself fails', () => {
    expect(run({ type: 'tokensFound' }, { type: 'sessionCheckFailed' })).toBe('authenticatedAndAuthorized');
    expect(run({ type: 'sessionCheckFailed' })).toBe('unauthenticated');
  });

  it('is unauthenticated after sign-out', () => {
    expect(run({ type: 'tokensFound' }, { type: 'sessionChecked', active: true }, { type: 'signedOut' })).toBe(
      'unauthenticated',
    );
  });

  it('shows a loader for unknown and authenticatedOnly, the login page when unauthenticated, the app when authorized', () => {
    expect(authViewOf('unknown')).toBe('loading');
    expect(authViewOf('authenticatedOnly')).toBe('loading');
    expect(authViewOf('unauthenticated')).toBe('login');
    expect(authViewOf('authenticatedAndAuthorized')).toBe('app');
  });
});
