import type { UserManager } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { fakeUserManager } from '../../../test/auth-harness';
import { createIdentityProvider, storedUserKey, type IdpSettings } from './idp';
import { createLazyIdentityProvider } from './idp-lazy';

const SETTINGS: IdpSettings = { issuer: 'http://localhost/oidc', clientId: 'zview-web', origin: 'http://localhost' };

/** The lazy provider over the real adapter and a fake UserManager, counting the adapter's loads. */
function setup(failFirst = false) {
  const manager = fakeUserManager();
  let showFirstPage: () => void = () => undefined;
  const firstPageShown = new Promise<void>((resolve) => {
    showFirstPage = resolve;
  });
  let attempts = 0;
  const load = vi.fn(async () => {
    attempts += 1;
    if (failFirst && attempts === 1) throw new Error('Failed to fetch dynamically imported module');
    return {
      createIdentityProvider: (settings: IdpSettings) =>
        createIdentityProvider(settings, manager as unknown as UserManager),
    };
  });
  return { manager, load, showFirstPage, idp: createLazyIdentityProvider(SETTINGS, load, () => firstPageShown) };
}

describe('the identity provider behind the login page', () => {
  it('loads its adapter on first use only, once; held tokens are read without it', async () => {
    const { idp, load, manager } = setup();
    expect(idp.settings).toBe(SETTINGS);
    expect(load).not.toHaveBeenCalled();
    // As oidc-client-ts stores a user (expires_at in seconds): a signed-in load needs no adapter to read it.
    const expiresAt = Math.floor(Date.now() / 1000) + 300;
    sessionStorage.setItem(
      storedUserKey(SETTINGS),
      JSON.stringify({ access_token: 'held', id_token: 'id', expires_at: expiresAt, token_type: 'Bearer' }),
    );
    await expect(idp.getUser()).resolves.toEqual({ access_token: 'held', id_token: 'id', expired: false });
    expect(load).not.toHaveBeenCalled();
    manager.user = { access_token: 'a' };
    await idp.preload();
    await expect(idp.getUser()).resolves.toEqual({ access_token: 'a' });
    await idp.signinRedirect('token-1');
    expect(load).toHaveBeenCalledTimes(1);
    expect(manager.signinRedirect).toHaveBeenCalledWith({ extraQueryParams: { sessionToken: 'token-1' } });
  });

  it('follows token events from when the first page has shown, and not after the unsubscriber ran', async () => {
    const { idp, manager, load, showFirstPage } = setup();
    const loaded = vi.fn();
    const stop = idp.onTokens({ loaded, lost: vi.fn() });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Token renewal's code is not what the first page waits for (issue 45).
    expect(load).not.toHaveBeenCalled();
    showFirstPage();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await idp.preload();
    await vi.waitFor(() => {
      manager.emit('UserLoaded', { access_token: 'b' });
      expect(loaded).toHaveBeenCalledWith({ access_token: 'b' });
    });

    const late = vi.fn();
    const stopBeforeLoad = setup();
    stopBeforeLoad.idp.onTokens({ loaded: late, lost: vi.fn() })();
    stopBeforeLoad.showFirstPage();
    await stopBeforeLoad.idp.preload();
    stopBeforeLoad.manager.emit('UserLoaded', { access_token: 'c' });
    expect(late).not.toHaveBeenCalled();
    stop();
  });

  it('tries the download again on the next use after it failed', async () => {
    const { idp, load } = setup(true);
    await expect(idp.forgetTokens()).rejects.toThrow('Failed to fetch dynamically imported module');
    await expect(idp.forgetTokens()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
