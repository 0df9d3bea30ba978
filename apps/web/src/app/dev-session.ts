import {
  FEATURE_KEYS,
  abilitiesForFixture,
  type Abilities,
  type IdentityProviderKind,
  type OrganizationRole,
  type RuntimeConfig,
  type SessionOrganization,
  type SessionUser,
} from '@zview/contracts';
import type { DevSessionName } from './dev-session-choice';

/**
 * Development sessions for unit and browser tests: `?devSession=<name>` picks one of the fixtures
 * below. Honoured only when the runtime ENV is 'test' — never locally or deployed. The choice lasts for the browser session;
 * `?devSession=off` (or Logout) ends it.
 */

export interface DevSession {
  label: string;
  user: SessionUser;
  organizations: OrganizationFixture[];
  identityProvider: IdentityProviderKind;
}

/**
 * An organisation of a fixture: its abilities, when not given, are what the server's rules would
 * present for the user's `role` there (when not given, the token's isGroupAdmin stands for it).
 */
export type OrganizationFixture = Omit<SessionOrganization, 'abilities'> & {
  abilities?: Abilities;
  role?: OrganizationRole;
};

/**
 * Stands in for the server's GET /api/organization in dev sessions and test harnesses: each
 * organisation gets the abilities the shared rules give the fixture's user there (its `role`, else
 * the user's token facts standing for their role in every organisation). The real session reads the server's.
 */
export function presentFixtureOrganizations(
  organizations: OrganizationFixture[],
  user: SessionUser,
  identityProvider: IdentityProviderKind,
  config: Pick<RuntimeConfig, 'ENV' | 'USER_MANAGEMENT_ENABLED' | 'BILLING_PAGE_ENABLED' | 'PORTFOLIO_ENABLED'>,
): SessionOrganization[] {
  return organizations.map(({ role, ...organization }) => ({
    ...organization,
    abilities:
      organization.abilities ??
      abilitiesForFixture({
        user: role ? { ...user, isGroupAdmin: role === 'admin' } : user,
        enabledFeatures: organization.products,
        organizationCount: organizations.length,
        activeOrganizationId: organization.id,
        identityProvider,
        flags: {
          userManagement: config.USER_MANAGEMENT_ENABLED,
          billingPage: config.BILLING_PAGE_ENABLED,
          portfolio: config.PORTFOLIO_ENABLED,
        },
        env: config.ENV,
      }),
  }));
}

function user(
  overrides: Partial<SessionUser> & Pick<SessionUser, 'id' | 'email' | 'firstName' | 'lastName'>,
): SessionUser {
  return {
    profile: { firstName: overrides.firstName, lastName: overrides.lastName },
    isGroupAdmin: false,
    isInternalAdmin: false,
    hasZorroAccess: false,
    isUserInTrialOrg: false,
    externalGroups: [],
    ...overrides,
  };
}

/** Every feature but the zstorm and zwind portfolios and IBHS: what the fixtures' first organisations have. */
const ALL_FEATURES = FEATURE_KEYS.filter((key) => !['zstorm-portfolio', 'zwind-portfolio', 'ibhs'].includes(key));

const ACME: OrganizationFixture = { id: 101, name: 'Acme Mutual Insurance', products: ALL_FEATURES };
const SUMMIT: OrganizationFixture = {
  id: 102,
  name: 'Summit Property & Casualty',
  products: ['zfire', 'zproperty', 'zfire-portfolio', 'self_serve_billing'],
};
const HARBOR: OrganizationFixture = { id: 103, name: 'Harbor Re', products: ['zhail', 'zwind', 'zstorm'] };

export const DEV_SESSIONS = {
  admin: {
    label: 'Internal admin, three organisations',
    user: user({
      id: 'dev-admin',
      email: 'morgan.hale@zview.test',
      firstName: 'Morgan',
      lastName: 'Hale',
      isInternalAdmin: true,
      hasZorroAccess: true,
    }),
    organizations: [ACME, SUMMIT, HARBOR],
    identityProvider: 'Password',
  },
  groupAdmin: {
    label: 'Group admin, one organisation',
    user: user({
      id: 'dev-group-admin',
      email: 'priya.nair@acme.test',
      firstName: 'Priya',
      lastName: 'Nair',
      isGroupAdmin: true,
    }),
    organizations: [SUMMIT],
    identityProvider: 'Password',
  },
  member: {
    label: 'Ordinary user',
    user: user({ id: 'dev-member', email: 'sam.ortiz@acme.test', firstName: 'Sam', lastName: 'Ortiz' }),
    organizations: [HARBOR],
    identityProvider: 'Password',
  },
  ssoAdmin: {
    label: 'Group admin signed in through SSO (read-only team)',
    user: user({ id: 'dev-sso', email: 'lee.chen@acme.test', firstName: 'Lee', lastName: 'Chen', isGroupAdmin: true }),
    organizations: [SUMMIT],
    identityProvider: 'SSO',
  },
  zorroOnly: {
    label: 'Discovery only',
    user: user({
      id: 'dev-zorro',
      email: 'ana.ruiz@acme.test',
      firstName: 'Ana',
      lastName: 'Ruiz',
      hasZorroAccess: true,
    }),
    organizations: [{ id: 104, name: 'Filings Research LLC', products: ['zorro'] }],
    identityProvider: 'Password',
  },
  portfolioOnly: {
    label: 'Portfolio products only',
    user: user({ id: 'dev-portfolio', email: 'kim.park@acme.test', firstName: 'Kim', lastName: 'Park' }),
    organizations: [{ id: 105, name: 'Portfolio Partners', products: ['zfire-portfolio', 'zproperty-portfolio'] }],
    identityProvider: 'Password',
  },
  trial: {
    label: 'Trial organisation user',
    user: user({
      id: 'dev-trial',
      email: 'jo.baker@trial.test',
      firstName: 'Jo',
      lastName: 'Baker',
      isUserInTrialOrg: true,
    }),
    organizations: [{ id: 106, name: 'Trial Insurance Co', products: ['zfire'], trial: true }],
    identityProvider: 'Password',
  },
  noProducts: {
    label: 'Organisation without products',
    user: user({ id: 'dev-empty', email: 'alex.moss@empty.test', firstName: 'Alex', lastName: 'Moss' }),
    organizations: [{ id: 107, name: 'Empty Org', products: [] }],
    identityProvider: 'Password',
  },
  endoAdmin: {
    label: "Internal admin of the provider's organisation 1 (PR override in ENV endo)",
    user: user({
      id: 'dev-endo',
      email: 'riley.stone@zview.test',
      firstName: 'Riley',
      lastName: 'Stone',
      isInternalAdmin: true,
      hasZorroAccess: true,
    }),
    organizations: [{ id: 1, name: 'Z-VIEW Internal', products: ALL_FEATURES }, ACME],
    identityProvider: 'Password',
  },
} satisfies Record<DevSessionName, DevSession>;

export {
  DEV_SESSION_NAMES,
  DEV_SESSION_PARAM,
  captureDevSessionFromUrl,
  clearDevSession,
  devSessionsAllowed,
  readDevSession,
  type DevSessionName,
} from './dev-session-choice';
