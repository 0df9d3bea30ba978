import { isInZorroGroup, PRODUCT_ADMIN_CLAIM } from '@zview/contracts';
import {
  activeMembershipRows,
  deleteSessionsAndGrantsOf,
  setMembersTokensNotBeforeNow,
  setUsersTokensNotBeforeNow,
  userByEmail,
  userById,
  userWithMembershipRow,
  type Membership,
  type UserRow,
} from '../db/accounts.js';
import type { Db } from '../db/database.js';

export type { Membership, UserRow };

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return userByEmail(db, email.trim().toLowerCase());
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return userById(db, id);
}

/** The organisations the user is an active member of, oldest membership first (the first one is the default). */
export async function membershipsOf(db: Db, userId: string): Promise<Membership[]> {
  const rows = await activeMembershipRows(db, userId);
  return rows.map((r) => ({
    organizationId: r.id,
    name: r.name,
    products: r.products,
    isTrial: r.is_trial,
    role: r.role,
    tokensNotBefore: r.tokens_not_before?.toISOString() ?? null,
  }));
}

/**
 * A user (by id, or by email for other providers' subjects) with their memberships, oldest
 * first as membershipsOf orders them, in one round trip: what authenticating a request reads.
 */
export async function findUserWithMemberships(
  db: Db,
  by: { id: string } | { email: string },
): Promise<{ user: UserRow; memberships: Membership[] } | undefined> {
  if ('id' in by && !/^[0-9a-f-]{36}$/i.test(by.id)) return undefined;
  const row = await userWithMembershipRow(db, 'id' in by ? by : { email: by.email.trim().toLowerCase() });
  if (!row) return undefined;
  const { memberships, ...user } = row;
  return { user, memberships };
}

/**
 * Whether the account may use the Z-VIEW application at all: active, and a member of an
 * organisation (internal admins act for every organisation). Otherwise sign-in answers access_denied.
 */
export function hasAppAccess(user: UserRow, memberships: Membership[]): boolean {
  return user.status === 'active' && (user.is_internal_admin || memberships.length > 0);
}

/**
 * The claims of SPEC §3 User, as carried by the ID token (scopes openid, email, groups).
 * `isUserInTrialOrg` defaults to true: it is false only for users with a non-trial organisation
 * and for internal admins.
 */
export function userClaims(user: UserRow, memberships: Membership[]): Record<string, unknown> {
  const isGroupAdmin = memberships.some((m) => m.role === 'admin');
  const roleGroups = [
    ...(isGroupAdmin ? ['zview-group-admins'] : []),
    ...(user.is_internal_admin ? ['zview-admins'] : []),
  ];
  return {
    sub: user.id,
    email: user.email,
    email_verified: true,
    given_name: user.first_name,
    family_name: user.last_name,
    name: `${user.first_name} ${user.last_name}`.trim(),
    groups: [...user.external_groups, ...roleGroups],
    externalGroups: user.external_groups,
    isGroupAdmin,
    [PRODUCT_ADMIN_CLAIM]: user.is_internal_admin,
    hasZorroAccess: isInZorroGroup(user.external_groups),
    isUserInTrialOrg: user.is_internal_admin ? false : !memberships.some((m) => !m.isTrial),
    idp: user.identity_source === 'saml' ? 'SAML2' : 'OKTA',
  };
}

/** The claim names above, published by the provider per scope. */
export const CLAIMS_BY_SCOPE = {
  openid: [
    'sub',
    'given_name',
    'family_name',
    'name',
    'isGroupAdmin',
    PRODUCT_ADMIN_CLAIM,
    'hasZorroAccess',
    'isUserInTrialOrg',
    'idp',
  ],
  email: ['email', 'email_verified'],
  groups: ['groups', 'externalGroups'],
};

/**
 * Ends every access token issued to these users so far (a per-user not-before, checked on each
 * request), and with `endSessions` their IdP sessions and grants too, so silent renewal cannot
 * mint new ones: a password reset, a deactivation, a role change (issue 12).
 */
export async function revokeUserTokens(
  db: Db,
  userIds: string[],
  options: { endSessions?: boolean; organizationId?: number } = {},
): Promise<void> {
  if (!userIds.length) return;
  // A change one organisation made (a role) ends its tokens for that organisation only (issue 39).
  if (options.organizationId !== undefined && !options.endSessions) {
    await setMembersTokensNotBeforeNow(db, options.organizationId, userIds);
    return;
  }
  await setUsersTokensNotBeforeNow(db, userIds);
  if (options.endSessions) await deleteSessionsAndGrantsOf(db, userIds);
}
