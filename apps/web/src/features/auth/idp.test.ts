import { describe, expect, it } from 'vitest';
import { createUserManager } from './idp';

describe('the sign-in redirect', () => {
  it('asks the identity provider for the scopes openid, email and groups (SPEC §5, §9)', () => {
    const manager = createUserManager({
      issuer: 'http://localhost:8080/oidc',
      clientId: 'zview-web',
      origin: 'http://localhost:8080',
    });
    expect(manager.settings.scope).toBe('openid email groups');
    expect(manager.settings.response_type).toBe('code');
  });
});
