import {
  abilitiesForFixture,
  accountMenuLinks,
  passesGuards,
  type FixtureContext,
  type PermissionContext,
} from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES } from './routes';

const billingGuard = SHELL_ROUTES.find((route) => route.path === '/billing')!.guard;

/** A session whose abilities are what the server's rules present for these facts. */
function context(flag: boolean, role: 'member' | 'groupAdmin' | 'internal', feature: boolean): PermissionContext {
  const facts: FixtureContext = {
    user: {
      isGroupAdmin: role === 'groupAdmin',
      isInternalAdmin: role === 'internal',
      hasZorroAccess: false,
      isUserInTrialOrg: false,
      externalGroups: [],
    },
    enabledFeatures: feature ? ['zfire', 'self_serve_billing'] : ['zfire'],
    organizationCount: 1,
    activeOrganizationId: 1,
    identityProvider: 'Password',
    flags: { userManagement: true, billingPage: flag, portfolio: true },
    env: 'test',
  };
  const abilities = abilitiesForFixture(facts);
  return { ...facts, abilities, switchOrganizationAnywhere: abilities.switchOrganization };
}

/** The same matrix as the API's (apps/server/test/billing.test.ts): menu and route agree with it. */
describe('billing availability in the menu and the route (flag × role × feature)', () => {
  const cases = [true, false].flatMap((flag) =>
    (['member', 'groupAdmin', 'internal'] as const).flatMap((role) =>
      [true, false].map((feature) => ({ flag, role, feature, allowed: flag && role !== 'member' && feature })),
    ),
  );
  it.each(cases)('flag $flag, $role, self_serve_billing $feature → $allowed', ({ flag, role, feature, allowed }) => {
    const ctx = context(flag, role, feature);
    expect(accountMenuLinks(ctx).some((link) => link.path === '/billing')).toBe(allowed);
    expect(passesGuards(billingGuard, ctx)).toBe(allowed);
  });
});
