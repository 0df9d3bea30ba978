import { describe, expect, it } from 'vitest';
import {
  ABILITIES,
  ABILITY_ACTIONS,
  abilitiesForFixture,
  NO_ABILITIES,
  accountMenuLinks,
  activeTabForLocation,
  canManageTeamMembers,
  canSeePortfolio,
  canUseUserManagement,
  factsOf,
  POLICY_ACTIONS,
  POLICY_RULES,
  hasNoEnabledProducts,
  hasOverrideAccess,
  hasZorroAccess,
  homeRedirect,
  isBillingAvailable,
  isSelectedProductValid,
  organizationSwitcherIsDropdown,
  passesGuards,
  showAdminBadge,
  showOrganizationSwitcher,
  visibleTabs,
  type PermissionContext,
  type PermissionUser,
} from './permissions.js';
import { isOverrideMode } from './constants.js';

const member: PermissionUser = {
  isGroupAdmin: false,
  isInternalAdmin: false,
  hasZorroAccess: false,
  isUserInTrialOrg: false,
  externalGroups: [],
};

function ctx(
  overrides: Partial<Omit<PermissionContext, 'user'>> & { user?: Partial<PermissionUser> } = {},
): PermissionContext {
  const { user, abilities, switchOrganizationAnywhere, ...rest } = overrides;
  const base = {
    enabledFeatures: ['zfire', 'zproperty'],
    organizationCount: 1,
    activeOrganizationId: 7,
    identityProvider: 'Password' as const,
    flags: { userManagement: true, billingPage: true, portfolio: true },
    env: 'production',
    ...rest,
    user: { ...member, ...user },
  };
  // What the server would present for these facts, unless the test says otherwise.
  const presented = abilities ?? abilitiesForFixture(base);
  return {
    ...base,
    abilities: presented,
    switchOrganizationAnywhere: switchOrganizationAnywhere ?? presented.switchOrganization,
  };
}

describe('user management', () => {
  it('needs the flag, a non-trial organisation and no external groups', () => {
    expect(canUseUserManagement(ctx())).toBe(true);
    expect(canUseUserManagement(ctx({ flags: { userManagement: false, billingPage: true, portfolio: true } }))).toBe(
      false,
    );
    expect(canUseUserManagement(ctx({ user: { isUserInTrialOrg: true } }))).toBe(false);
    expect(canUseUserManagement(ctx({ user: { externalGroups: ['acme-sso'] } }))).toBe(false);
  });

  it('lets only group admins on a password identity provider manage members', () => {
    expect(canManageTeamMembers(ctx({ user: { isGroupAdmin: true } }))).toBe(true);
    expect(canManageTeamMembers(ctx())).toBe(false);
    expect(canManageTeamMembers(ctx({ user: { isGroupAdmin: true }, identityProvider: 'SSO' }))).toBe(false);
    expect(canManageTeamMembers(ctx({ user: { isGroupAdmin: true, isUserInTrialOrg: true } }))).toBe(false);
  });
});

describe('billing', () => {
  const billing = ['zfire', 'self_serve_billing'];
  it('needs the page flag, an admin and the self-serve billing feature', () => {
    expect(isBillingAvailable(ctx({ enabledFeatures: billing, user: { isGroupAdmin: true } }))).toBe(true);
    expect(isBillingAvailable(ctx({ enabledFeatures: billing, user: { isInternalAdmin: true } }))).toBe(true);
    expect(isBillingAvailable(ctx({ enabledFeatures: billing }))).toBe(false);
    expect(isBillingAvailable(ctx({ user: { isGroupAdmin: true } }))).toBe(false);
    expect(
      isBillingAvailable(
        ctx({
          enabledFeatures: billing,
          user: { isGroupAdmin: true },
          flags: { userManagement: true, billingPage: false, portfolio: true },
        }),
      ),
    ).toBe(false);
  });
});

describe('zorro and portfolio', () => {
  it('combines the per-user zorro flag with organisation enablement', () => {
    expect(hasZorroAccess(ctx({ enabledFeatures: ['zorro'], user: { hasZorroAccess: true } }))).toBe(true);
    expect(hasZorroAccess(ctx({ enabledFeatures: ['zorro'] }))).toBe(false);
    expect(hasZorroAccess(ctx({ user: { hasZorroAccess: true } }))).toBe(false);
  });

  it('lets internal admins see portfolios whatever the organisation enables (as the server allows), not with the flag off', () => {
    const admin = { isInternalAdmin: true };
    expect(canSeePortfolio(ctx({ enabledFeatures: ['zfire'], user: admin }))).toBe(true);
    expect(
      canSeePortfolio(
        ctx({
          enabledFeatures: ['zfire'],
          user: admin,
          flags: { userManagement: true, billingPage: true, portfolio: false },
        }),
      ),
    ).toBe(false);
  });

  it('derives the route guards from the same rules as the server policy', () => {
    const facts = factsOf(
      ctx({ enabledFeatures: ['zfire-portfolio', 'self_serve_billing'], user: { isGroupAdmin: true } }),
    );
    for (const [guard, action] of [
      ['portfolio', 'portfolio:read'],
      ['billing', 'billing:read'],
      ['zorro', 'zorro:use'],
      ['userManagement', 'team:read'],
    ] as const) {
      expect(
        passesGuards(
          [guard],
          ctx({ enabledFeatures: ['zfire-portfolio', 'self_serve_billing'], user: { isGroupAdmin: true } }),
        ),
      ).toBe(POLICY_RULES[action](facts));
    }
    expect(POLICY_ACTIONS.every((action) => typeof POLICY_RULES[action] === 'function')).toBe(true);
  });

  it('shows the portfolio only with the config flag and fire- or property-portfolio', () => {
    expect(canSeePortfolio(ctx({ enabledFeatures: ['zfire-portfolio'] }))).toBe(true);
    expect(canSeePortfolio(ctx({ enabledFeatures: ['zproperty-portfolio'] }))).toBe(true);
    expect(canSeePortfolio(ctx({ enabledFeatures: ['zhail-portfolio'] }))).toBe(false);
    expect(
      canSeePortfolio(
        ctx({
          enabledFeatures: ['zfire-portfolio'],
          flags: { userManagement: true, billingPage: true, portfolio: false },
        }),
      ),
    ).toBe(false);
  });
});

describe('home redirect', () => {
  it('goes to zorro when zorro is the only product, ignoring add-on features', () => {
    expect(homeRedirect(['zorro'])).toBe('/zorro');
    expect(homeRedirect(['zorro', 'appeals', 'self_serve_billing'])).toBe('/zorro');
  });
  it('goes to the portfolio when every product is a portfolio product', () => {
    expect(homeRedirect(['zfire-portfolio', 'zhail-portfolio', 'appeals'])).toBe('/zportfolio');
  });
  it('stays home otherwise', () => {
    expect(homeRedirect(['zfire', 'zfire-portfolio'])).toBeNull();
    expect(homeRedirect(['zorro', 'zfire-portfolio'])).toBeNull();
    expect(homeRedirect([])).toBeNull();
  });
  it('detects an organisation without any product', () => {
    expect(hasNoEnabledProducts(['appeals', 'ibhs'])).toBe(true);
    expect(hasNoEnabledProducts(['roof_age'])).toBe(false);
  });
});

describe('top bar', () => {
  it('shows each tab by its rule, in order', () => {
    expect(
      visibleTabs(ctx({ enabledFeatures: ['zfire', 'zfire-portfolio', 'zorro'], user: { hasZorroAccess: true } })),
    ).toEqual(['property', 'portfolio', 'discovery']);
    expect(visibleTabs(ctx({ enabledFeatures: ['zfire-portfolio', 'zorro'] }))).toEqual(['portfolio']);
  });

  it('derives the active tab from the path', () => {
    expect(activeTabForLocation('/')).toBe('property');
    expect(activeTabForLocation('/scores/zfire')).toBe('property');
    expect(activeTabForLocation('/dashboard/overview')).toBe('property');
    expect(activeTabForLocation('/zportfolio/results')).toBe('portfolio');
    expect(activeTabForLocation('/scores', '?property_id=42')).toBe('portfolio');
    expect(activeTabForLocation('/zorro/grid')).toBe('discovery');
    expect(activeTabForLocation('/faq')).toBeNull();
    expect(activeTabForLocation('/zorrox')).toBeNull();
  });

  it('shows the organisation switcher to admins with organisations, as a dropdown only with several', () => {
    expect(showOrganizationSwitcher(ctx())).toBe(false);
    expect(showOrganizationSwitcher(ctx({ user: { isGroupAdmin: true }, organizationCount: 0 }))).toBe(false);
    expect(showOrganizationSwitcher(ctx({ user: { isGroupAdmin: true } }))).toBe(true);
    expect(organizationSwitcherIsDropdown(ctx({ user: { isGroupAdmin: true } }))).toBe(false);
    expect(organizationSwitcherIsDropdown(ctx({ user: { isInternalAdmin: true }, organizationCount: 3 }))).toBe(true);
  });

  it('badges admins only', () => {
    expect(showAdminBadge(ctx())).toBe(false);
    expect(showAdminBadge(ctx({ user: { isGroupAdmin: true } }))).toBe(true);
    expect(showAdminBadge(ctx({ user: { isInternalAdmin: true } }))).toBe(true);
  });

  it('reads the badge and the switcher from what the server presents, never from the token', () => {
    // The token says group admin; the organisation acted for presents a plain member.
    const actingAsMember = ctx({
      user: { isGroupAdmin: true },
      organizationCount: 2,
      abilities: NO_ABILITIES,
      switchOrganizationAnywhere: true,
    });
    expect(showAdminBadge(actingAsMember)).toBe(false);
    // An admin elsewhere keeps the switcher to go back.
    expect(showOrganizationSwitcher(actingAsMember)).toBe(true);
    expect(organizationSwitcherIsDropdown(actingAsMember)).toBe(true);
    expect(showOrganizationSwitcher({ ...actingAsMember, switchOrganizationAnywhere: false })).toBe(false);
    expect(showAdminBadge(ctx({ abilities: { ...NO_ABILITIES, switchOrganization: true } }))).toBe(true);
  });

  it('lists the account menu links by their conditions', () => {
    expect(accountMenuLinks(ctx()).map((l) => l.label)).toEqual(['Account Settings', 'Team Management']);
    expect(accountMenuLinks(ctx({ user: { isUserInTrialOrg: true } }))).toEqual([]);
    expect(
      accountMenuLinks(ctx({ enabledFeatures: ['zfire', 'self_serve_billing'], user: { isInternalAdmin: true } })).map(
        (l) => l.path,
      ),
    ).toEqual([
      '/profile',
      '/team',
      '/billing',
      '/admin/customer-management',
      '/admin/mocks-management',
      '/admin/usage-analytics',
    ]);
  });
});

describe('override mode', () => {
  it('exists only in endo for organisation 1', () => {
    expect(isOverrideMode('endo', 1)).toBe(true);
    expect(isOverrideMode('endo', 2)).toBe(false);
    expect(isOverrideMode('production', 1)).toBe(false);
    expect(hasOverrideAccess(ctx({ env: 'endo', activeOrganizationId: 1, user: { isInternalAdmin: true } }))).toBe(
      true,
    );
    expect(hasOverrideAccess(ctx({ env: 'endo', activeOrganizationId: 1 }))).toBe(false);
    // The server's presented ability decides, not the token's claim.
    expect(
      hasOverrideAccess(
        ctx({ env: 'endo', activeOrganizationId: 1, user: { isInternalAdmin: true }, abilities: NO_ABILITIES }),
      ),
    ).toBe(false);
  });
});

describe('selected product', () => {
  it("keeps only enabled products, and 'summary' only with more than one", () => {
    expect(isSelectedProductValid('zfire', ['zfire'])).toBe(true);
    expect(isSelectedProductValid('zfire|prefill', ['zfire'])).toBe(true);
    expect(isSelectedProductValid('zhail', ['zfire'])).toBe(false);
    expect(isSelectedProductValid('summary', ['zfire'])).toBe(false);
    expect(isSelectedProductValid('summary', ['zfire', 'zhail'])).toBe(true);
  });
});

describe('route guards', () => {
  it('passes with no guards and requires every listed guard', () => {
    expect(passesGuards(undefined, ctx())).toBe(true);
    expect(passesGuards(['userManagement', 'teamManage'], ctx({ user: { isGroupAdmin: true } }))).toBe(true);
    expect(
      passesGuards(['userManagement', 'teamManage'], ctx({ user: { isGroupAdmin: true }, identityProvider: 'SSO' })),
    ).toBe(false);
    expect(passesGuards(['internalAdmin'], ctx({ user: { isGroupAdmin: true } }))).toBe(false);
    expect(passesGuards(['zorro'], ctx({ enabledFeatures: ['zorro'], user: { hasZorroAccess: true } }))).toBe(true);
  });
});

describe('abilities presented by the server', () => {
  it('are what guards, menus and tabs read, whatever the token claims say (issue 44)', () => {
    // An internal admin who is no group admin: the server says team:manage holds.
    const staff = ctx({
      user: { isInternalAdmin: true },
      abilities: { ...NO_ABILITIES, teamRead: true, teamManage: true },
    });
    expect(passesGuards(['teamManage'], staff)).toBe(true);
    expect(canManageTeamMembers(staff)).toBe(true);
    // A group admin claim, acting for an organisation where the server says they are a plain member.
    const memberThere = ctx({ user: { isGroupAdmin: true }, abilities: { ...NO_ABILITIES, teamRead: true } });
    expect(passesGuards(['teamManage'], memberThere)).toBe(false);
    expect(canManageTeamMembers(memberThere)).toBe(false);
    expect(accountMenuLinks(memberThere).map((link) => link.key)).toEqual(['profile', 'team']);
    expect(visibleTabs(ctx({ abilities: NO_ABILITIES }))).toEqual(['property']);
  });

  it('name an action each, and the fixture helper follows the shared rules', () => {
    expect(ABILITIES.every((ability) => (POLICY_ACTIONS as readonly string[]).includes(ABILITY_ACTIONS[ability]))).toBe(
      true,
    );
    expect(abilitiesForFixture(ctx({ user: { isGroupAdmin: true } })).teamManage).toBe(true);
    expect(abilitiesForFixture(ctx()).teamManage).toBe(false);
  });
});

// Survivors of the mutation run (docs/mutation-testing.md): SPEC rules no test pinned.
describe('SPEC §2 rules pinned after the mutation run', () => {
  it('names each account menu link and its path as SPEC does (an internal admin sees them all)', () => {
    const all = ctx({ enabledFeatures: ['zfire', 'self_serve_billing'], user: { isInternalAdmin: true } });
    expect(accountMenuLinks(all).map(({ label, path }) => `${label} ${path}`)).toEqual([
      'Account Settings /profile',
      'Team Management /team',
      'Billing /billing',
      'Customer Management /admin/customer-management',
      'Mocks Management /admin/mocks-management',
      'Usage Analytics /admin/usage-analytics',
    ]);
  });

  it('sends home to zorro only when zorro is the only product', () => {
    expect(homeRedirect(['zfire'])).toBeNull();
    expect(homeRedirect(['zfire', 'zorro'])).toBeNull();
  });

  it('shows the portfolio tab only to those who may see the portfolio', () => {
    expect(visibleTabs(ctx({ enabledFeatures: ['zfire'] }))).toEqual(['property']);
  });

  it('matches tab paths by whole segments', () => {
    expect(activeTabForLocation('/scoresheet')).toBeNull();
    expect(activeTabForLocation('/zorro')).toBe('discovery');
    expect(activeTabForLocation('/zorrox')).toBeNull();
  });
});
