import { describe, expect, it } from 'vitest';
import { User } from 'oidc-client-ts';
import { createUserManager, storedUserKey } from './idp';

const SETTINGS = { issuer: 'http://localhost:8080/oidc', clientId: 'zview-web', origin: 'http://localhost:8080' };

describe('the sign-in redirect', () => {
  it('asks the identity provider for the scopes openid, email and groups (SPEC §5, §9)', () => {
    const manager = createUserManager(SETTINGS);
    expect(manager.settings.scope).toBe('openid email groups');
    expect(manager.settings.response_type).toBe('code');
  });

  it('keeps the tokens under the session-storage key the first screen looks for', async () => {
    sessionStorage.clear();
    const manager = createUserManager(SETTINGS);
    await manager.storeUser(
      new User({ access_token: 'a', token_type: 'Bearer', profile: { sub: 'u', iss: '', aud: '', exp: 0, iat: 0 } }),
    );
    expect(Object.keys(sessionStorage)).toEqual([storedUserKey(SETTINGS)]);
    sessionStorage.clear();
  });
});
