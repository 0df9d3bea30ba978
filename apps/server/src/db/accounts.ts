import { sql, type Selectable } from 'kysely';
import type { Db } from './database.js';
import type { UsersTable } from './schema.js';

/**
 * Repository of accounts (users, their organisation memberships and password credentials):
 * plain statements, no decisions; auth/accounts.ts decides who may sign in and what a token says.
 */
export type UserRow = Selectable<UsersTable>;

/** An active membership of a user with its organisation, as sessions and tokens carry it. */
export interface Membership {
  organizationId: number;
  name: string;
  products: string[];
  isTrial: boolean;
  role: 'member' | 'admin';
  /** ISO time: tokens issued before it are refused for this organisation (a role change here). */
  tokensNotBefore?: string | null;
}

/** The user with this (already normalised) email. */
export function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function userById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's active memberships with their organisations, oldest membership first. */
export function activeMembershipRows(db: Db, userId: string) {
  return db
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.name', 'o.products', 'o.is_trial', 'm.role', 'm.tokens_not_before'])
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'active')
    .orderBy('m.created_at')
    .orderBy('o.id')
    .execute();
}

/** A user (by id, or by an already normalised email) with their active memberships in one round trip. */
export function userWithMembershipRow(db: Db, by: { id: string } | { email: string }) {
  return db
    .selectFrom('users as u')
    .selectAll('u')
    .select(
      sql<Membership[]>`coalesce((
        SELECT json_agg(json_build_object('organizationId', o.id, 'name', o.name, 'products', o.products, 'isTrial', o.is_trial, 'role', m.role, 'tokensNotBefore', m.tokens_not_before) ORDER BY m.created_at, o.id)
        FROM organization_members m JOIN organizations o ON o.id = m.organization_id WHERE m.user_id = u.id AND m.status = 'active'), '[]'::json)`.as(
        'memberships',
      ),
    )
    .where((eb) => ('id' in by ? eb('u.id', '=', by.id) : eb('u.email', '=', by.email)))
    .executeTakeFirst();
}

/** Tokens issued before now are refused for these members of one organisation. */
export async function setMembersTokensNotBeforeNow(db: Db, organizationId: number, userIds: string[]) {
  await db
    .updateTable('organization_members')
    .set({ tokens_not_before: sql<Date>`now()` })
    .where('organization_id', '=', organizationId)
    .where('user_id', 'in', userIds)
    .execute();
}

/** Tokens issued before now are refused for these users everywhere. */
export async function setUsersTokensNotBeforeNow(db: Db, userIds: string[]) {
  await db
    .updateTable('users')
    .set({ tokens_not_before: sql<Date>`now()` })
    .where('id', 'in', userIds)
    .execute();
}

/** Deletes the users' IdP sessions and grants (silent renewal can then mint nothing). */
export async function deleteSessionsAndGrantsOf(db: Db, userIds: string[]) {
  await sql`DELETE FROM oidc_models WHERE kind IN ('Session', 'Grant') AND payload->>'accountId' = ANY(${userIds}::text[])`.execute(
    db,
  );
}

export function userStatus(db: Db, userId: string) {
  return db.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirst();
}

export function userEmail(db: Db, userId: string) {
  return db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
}

export function credentialsOf(db: Db, userId: string) {
  return db.selectFrom('user_credentials').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Sets (or replaces) the user's password hash and its expiry. */
export async function upsertPasswordHash(db: Db, userId: string, passwordHash: string, expiresAt: Date | null) {
  await db
    .insertInto('user_credentials')
    .values({ user_id: userId, password_hash: passwordHash, password_expires_at: expiresAt })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        password_hash: passwordHash,
        password_changed_at: sql<Date>`now()`,
        password_expires_at: expiresAt,
      }),
    )
    .execute();
}

/** Adds an active member (role `member`) unless a membership of any status exists. */
export async function addMemberIfAbsent(db: Db, organizationId: number, userId: string) {
  await db
    .insertInto('organization_members')
    .values({ organization_id: organizationId, user_id: userId, role: 'member' })
    // An existing membership keeps its role and status: SSO never undoes a deactivation.
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing())
    .execute();
}

/** Makes the user an active member with the role; a deleted membership comes back, a deactivated one stays. */
export async function joinOrganization(db: Db, organizationId: number, userId: string, role: 'member' | 'admin') {
  await db
    .insertInto('organization_members')
    .values({ organization_id: organizationId, user_id: userId, role })
    // A membership deleted earlier comes back; a deactivated one stays as its admins left it.
    .onConflict((oc) =>
      oc
        .columns(['organization_id', 'user_id'])
        .doUpdateSet({ status: 'active', role, status_changed_at: sql<Date>`now()` })
        .where('organization_members.status', '=', 'deleted'),
    )
    .execute();
}
