import { MESSAGES } from '@zview/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../../test/fake-server';
import { decodeUser, identityProviderKindOf } from './user';

afterEach(() => vi.restoreAllMocks());

describe('decodeUser', () => {
  it('maps the id token claims to the SPEC §3 User', () => {
    const user = decodeUser(
      fakeJwt({
        sub: 'u-1',
        email: 'ann@acme.test',
        given_name: 'Ann',
        family_name: 'Ödegård',
        groups: ['zview-group-admins'],
        externalGroups: ['zorro'],
        isGroupAdmin: true,
        hasZorroAccess: true,
        isUserInTrialOrg: false,
      }),
    );
    expect(user).toEqual({
      id: 'u-1',
      email: 'ann@acme.test',
      firstName: 'Ann',
      lastName: 'Ödegård',
      profile: { firstName: 'Ann', lastName: 'Ödegård' },
      isGroupAdmin: true,
      isZviewAdmin: false,
      isInternalAdmin: false,
      hasZorroAccess: true,
      isUserInTrialOrg: false,
      externalGroups: ['zorro'],
      groups: ['zview-group-admins'],
    });
  });

  it('reads the internal admin claim, external groups and defaults isUserInTrialOrg to true', () => {
    const user = decodeUser(
      fakeJwt({
        sub: 'u-2',
        groups: ['zview-admins'],
        isZviewAdmin: true,
        hasZorroAccess: true,
        externalGroups: ['acme-underwriters', 'zorro'],
      }),
    );
    expect(user).toMatchObject({
      isZviewAdmin: true,
      isInternalAdmin: true,
      isGroupAdmin: false,
      hasZorroAccess: true,
      isUserInTrialOrg: true,
    });
    expect(user?.externalGroups).toEqual(['acme-underwriters', 'zorro']);
  });

  it('has no zorro access unless the provider grants it', () => {
    expect(decodeUser(fakeJwt({ sub: 'u-3', groups: ['zorro'] }))?.hasZorroAccess).toBe(false);
  });

  it("logs 'Failed to parse JWT' and treats the user as absent when the token does not parse", () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(decodeUser('not-a-token')).toBeUndefined();
    expect(decodeUser('a.%%%.c')).toBeUndefined();
    expect(log).toHaveBeenCalledWith(MESSAGES.failedToParseJwt, expect.anything());
    expect(decodeUser(undefined)).toBeUndefined();
  });

  it('tells SSO sign-ins from password ones', () => {
    expect(identityProviderKindOf(fakeJwt({ sub: 'x', idp: 'SAML2' }))).toBe('SSO');
    expect(identityProviderKindOf(fakeJwt({ sub: 'x', idp: 'OKTA' }))).toBe('Password');
    expect(identityProviderKindOf(undefined)).toBe('Password');
  });
});
