import { sql } from 'kysely';
import type { Db } from './database.js';
import type { UserRow } from './accounts.js';

/**
 * Repository of an organisation's team (organization_members with their users): plain statements
 * scoped to the organisation they are given; domain/identity/team.ts decides who may do what.
 */

/** A user known to exist (throws otherwise). */
export function userByIdOrThrow(db: Db, userId: string): Promise<UserRow> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}

export async function updateUserName(db: Db, userId: string, name: { firstName: string; lastName: string }) {
  await db
    .updateTable('users')
    .set({ first_name: name.firstName, last_name: name.lastName })
    .where('id', '=', userId)
    .execute();
}

/** The organisation's listed members (neither membership nor account deleted) by name, at most 5,000. */
export function listedMemberRows(db: Db, organizationId: number) {
  return db
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .selectAll('u')
    .select(['m.role', 'm.status as membership_status'])
    .where('m.organization_id', '=', organizationId)
    .where('m.status', '!=', 'deleted')
    .where('u.status', '!=', 'deleted')
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.email')
    .limit(5000)
    .execute();
}

/** Those of the users who are listed members of the organisation. */
export function listedMemberIds(db: Db, organizationId: number, userIds: string[]) {
  return db
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.id')
    .where('m.organization_id', '=', organizationId)
    .where('u.id', 'in', userIds)
    .where('m.status', '!=', 'deleted')
    .where('u.status', '!=', 'deleted')
    .execute();
}

/** Whether the user is staff, and whether they have a (not deleted) membership of another organisation. */
export function userStaffAndElsewhere(db: Db, userId: string, organizationId: number) {
  return db
    .selectFrom('users as u')
    .select(['u.is_internal_admin'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('organization_members as m')
            .select('m.user_id')
            .whereRef('m.user_id', '=', 'u.id')
            .where('m.organization_id', '!=', organizationId)
            .where('m.status', '!=', 'deleted'),
        )
        .as('elsewhere'),
    )
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export async function setMembersRole(db: Db, organizationId: number, userIds: string[], role: 'member' | 'admin') {
  await db
    .updateTable('organization_members')
    .set({ role })
    .where('organization_id', '=', organizationId)
    .where('user_id', 'in', userIds)
    .execute();
}

export async function setMemberRole(db: Db, organizationId: number, userId: string, role: 'member' | 'admin') {
  await db
    .updateTable('organization_members')
    .set({ role })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}

export async function expirePasswordNow(db: Db, userId: string) {
  await db
    .updateTable('user_credentials')
    .set({ password_expires_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .execute();
}

export async function setMembershipsStatus(
  db: Db,
  organizationId: number,
  userIds: string[],
  status: 'active' | 'deactivated' | 'deleted',
) {
  await db
    .updateTable('organization_members')
    .set({ status, status_changed_at: sql<Date>`now()` })
    .where('organization_id', '=', organizationId)
    .where('user_id', 'in', userIds)
    .execute();
}

/** Those of the users, not staff, who have no active membership left. */
export async function usersWithoutActiveMembership(db: Db, userIds: string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT u.id FROM users u WHERE u.id = ANY(${userIds}::uuid[]) AND NOT u.is_internal_admin
      AND NOT EXISTS (SELECT 1 FROM organization_members m WHERE m.user_id = u.id AND m.status = 'active')`.execute(db);
  return rows.map((r) => r.id);
}

/** Creates the account unless the email has one (then undefined). */
export function insertUserUnlessEmailTaken(
  db: Db,
  account: { email: string; firstName: string; lastName: string },
): Promise<UserRow | undefined> {
  return db
    .insertInto('users')
    .values({
      email: account.email,
      first_name: account.firstName,
      last_name: account.lastName,
      saml_idp_id: null,
      deleted_at: null,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function insertMember(db: Db, organizationId: number, userId: string, role: 'member' | 'admin') {
  await db
    .insertInto('organization_members')
    .values({ organization_id: organizationId, user_id: userId, role })
    .execute();
}

/** The user's membership of the organisation (any status), if any. */
export function membershipStatus(db: Db, organizationId: number, userId: string) {
  return db
    .selectFrom('organization_members')
    .select('status')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
