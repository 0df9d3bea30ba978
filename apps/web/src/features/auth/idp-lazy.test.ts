import type { UserManager } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { fakeUserManager } from '../../../test/auth-harness';
import { createIdentityProvider, type IdpSettings } from './idp';
import { createLazyIdentityProvider } from './idp-lazy';

const SETTINGS: IdpSettings = { issuer: 'http://localhost/oidc', clientId: 'zview-web', origin: 'http://localhost' };

/** The lazy provider over the real adapter and a fake UserManager, counting the adapter's loads. */
function setup(failFirst = false) {
  const manager = fakeUserManager();
  let attempts = 0;
  const load = vi.fn(async () => {
    attempts += 1;
    if (failFirst && attempts === 1) throw new Error('Failed to fetch dynamically imported module');
    return {
      createIdentityProvider: (settings: IdpSettings) =>
        createIdentityProvider(settings, manager as unknown as UserManager),
    };
  });
  return { manager, load, idp: createLazyIdentityProvider(SETTINGS, load) };
}

describe('the identity provider behind the login page', () => {
  it('loads its adapter on first use only, once', async () => {
    const { idp, load, manager } = setup();
    expect(idp.settings).toBe(SETTINGS);
    expect(load).not.toHaveBeenCalled();
    manager.user = { access_token: 'a' };
    await expect(idp.getUser()).resolves.toEqual({ access_token: 'a' });
    await idp.preload();
    await idp.signinRedirect('token-1');
    expect(load).toHaveBeenCalledTimes(1);
    expect(manager.signinRedirect).toHaveBeenCalledWith({ extraQueryParams: { sessionToken: 'token-1' } });
  });

  it('follows token events once loaded, and not after the unsubscriber ran', async () => {
    const { idp, manager } = setup();
    const loaded = vi.fn();
    const stop = idp.onTokens({ loaded, lost: vi.fn() });
    await idp.preload();
    manager.emit('UserLoaded', { access_token: 'b' });
    expect(loaded).toHaveBeenCalledWith({ access_token: 'b' });

    const late = vi.fn();
    const stopBeforeLoad = setup();
    stopBeforeLoad.idp.onTokens({ loaded: late, lost: vi.fn() })();
    await stopBeforeLoad.idp.preload();
    stopBeforeLoad.manager.emit('UserLoaded', { access_token: 'c' });
    expect(late).not.toHaveBeenCalled();
    stop();
  });

  it('tries the download again on the next use after it failed', async () => {
    const { idp, load } = setup(true);
    await expect(idp.getUser()).rejects.toThrow('Failed to fetch dynamically imported module');
    await expect(idp.getUser()).resolves.toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
