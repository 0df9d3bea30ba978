import type { RuntimeConfig } from '@zview/contracts';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/render';
import { firstScreenFor, showFirstScreen, type FirstScreenLoaders } from './first-screen';

const ISSUER = 'https://id.zview.test/oidc';
const config = (env = 'production') => testConfig({ ENV: env, OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'zview-web' });
const at = (pathname: string) => ({ pathname });
const storage = (entries: Record<string, string> = {}) => ({ getItem: (key: string) => entries[key] ?? null });

afterEach(() => sessionStorage.clear());

describe('the first screen of a load', () => {
  it('is the login page without tokens, on any path', () => {
    expect(firstScreenFor(config(), at('/'), storage())).toBe('login');
    expect(firstScreenFor(config(), at('/billing'), storage())).toBe('login');
    // Someone else's tokens (another issuer or client) do not count.
    expect(firstScreenFor(config(), at('/'), storage({ 'oidc.user:https://other.test:zview-web': '{}' }))).toBe(
      'login',
    );
  });

  it('is the app for a tab holding tokens of this issuer and client, for the sign-in callback and the renew frame', () => {
    expect(firstScreenFor(config(), at('/'), storage({ [`oidc.user:${ISSUER}:zview-web`]: '{}' }))).toBe('app');
    expect(firstScreenFor(config(), at('/login-callback'), storage())).toBe('app');
    expect(firstScreenFor(config(), at('/silent-renew'), storage())).toBe('app');
  });

  it('is the app for a development session under the test runtime only', () => {
    sessionStorage.setItem('zview.devSession', 'admin');
    expect(firstScreenFor(config('test'), at('/'), storage())).toBe('app');
    expect(firstScreenFor(config('production'), at('/'), storage())).toBe('login');
  });
});

function loaders(signedInAtIdp: boolean | Error) {
  const calls: string[] = [];
  const fake: FirstScreenLoaders = {
    app: vi.fn(async () => ({ renderApp: (_root: Root, _config: RuntimeConfig) => void calls.push('app') })),
    login: vi.fn(async () => ({ showLoginPage: (_root: Root, _config: RuntimeConfig) => void calls.push('login') })),
    signedInAtIdp: vi.fn(async (issuer: string) => {
      calls.push(`check ${issuer}`);
      if (signedInAtIdp instanceof Error) throw signedInAtIdp;
      return signedInAtIdp;
    }),
  };
  return { fake, calls };
}

describe('showing the first screen', () => {
  const root = {} as Root;

  it('shows the login page without downloading the app when the IdP has no session', async () => {
    window.history.replaceState(null, '', '/');
    const { fake, calls } = loaders(false);
    await showFirstScreen(root, config(), fake);
    expect(calls).toEqual([`check ${ISSUER}`, 'login']);
    // The login page's code was asked for before the check answered, not after.
    expect(vi.mocked(fake.login).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(fake.signedInAtIdp).mock.invocationCallOrder[0]!,
    );
    expect(fake.app).not.toHaveBeenCalled();
  });

  it('starts the app (which fetches tokens by redirect) when the IdP says signed in', async () => {
    const { fake, calls } = loaders(true);
    await showFirstScreen(root, config(), fake);
    expect(calls).toEqual([`check ${ISSUER}`, 'app']);
  });

  it('shows the login page when the IdP cannot be asked, as the app does without tokens', async () => {
    const { fake, calls } = loaders(new Error('offline'));
    await showFirstScreen(root, config(), fake);
    expect(calls.at(-1)).toBe('login');
  });

  it('starts the app at once, without a check or the login page, for a tab holding tokens', async () => {
    sessionStorage.setItem(`oidc.user:${ISSUER}:zview-web`, '{}');
    const { fake, calls } = loaders(false);
    await showFirstScreen(root, config(), fake);
    expect(calls).toEqual(['app']);
    expect(fake.login).not.toHaveBeenCalled();
  });
});
