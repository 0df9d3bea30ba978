import { isInZorroGroup, PRODUCT_ADMIN_CLAIM } from '@zview/contracts';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { UsersTable } from '../db/schema.js';

export type UserRow = Selectable<UsersTable>;

export interface Membership {
  organizationId: number;
  name: string;
  products: string[];
  isTrial: boolean;
  role: 'member' | 'admin';
  /** ISO time: tokens issued before it are refused for this organisation (a role change here). */
  tokensNotBefore?: string | null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The organisations the user is an active member of, oldest membership first (the first one is the default). */
export async function membershipsOf(db: Db, userId: string): Promise<Membership[]> {
  const rows = await db
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.name', 'o.products', 'o.is_trial', 'm.role', 'm.tokens_not_before'])
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'active')
    .orderBy('m.created_at')
    .orderBy('o.id')
    .execute();
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
  const row = await db
    .selectFrom('users as u')
    .selectAll('u')
    .select(
      sql<Membership[]>`coalesce((
        SELECT json_agg(json_build_object('organizationId', o.id, 'name', o.name, 'products', o.products, 'isTrial', o.is_trial, 'role', m.role, 'tokensNotBefore', m.tokens_not_before) ORDER BY m.created_at, o.id)
        FROM organization_members m JOIN organizations o ON o.id = m.organization_id WHERE m.user_id = u.id AND m.status = 'active'), '[]'::json)`.as(
        'memberships',
      ),
    )
    .where((eb) => ('id' in by ? eb('u.id', '=', by.id) : eb('u.email', '=', by.email.trim().toLowerCase())))
    .executeTakeFirst();
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
    await db
      .updateTable('organization_members')
      .set({ tokens_not_before: sql<Date>`now()` })
      .where('organization_id', '=', options.organizationId)
      .where('user_id', 'in', userIds)
      .execute();
    return;
  }
  await db
    .updateTable('users')
    .set({ tokens_not_before: sql<Date>`now()` })
    .where('id', 'in', userIds)
    .execute();
  if (options.endSessions) {
    await sql`DELETE FROM oidc_models WHERE kind IN ('Session', 'Grant') AND payload->>'accountId' = ANY(${userIds}::text[])`.execute(
      db,
    );
  }
}
