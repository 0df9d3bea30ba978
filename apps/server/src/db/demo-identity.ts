import { sql, type Insertable } from 'kysely';
import type { Db } from './database.js';
import type { Database, MockCasesTable, SamlIdentityProvidersTable } from './schema.js';

/**
 * Statements of the demo seed (auth/seed*.ts): idempotent inserts of demo organisations,
 * accounts, memberships, the development IdP and mock responses. The seed decides what to seed.
 */

/** The id of the (oldest) organisation with this name. */
export function organizationIdByName(db: Db, name: string) {
  return db.selectFrom('organizations').select('id').where('name', '=', name).orderBy('id').executeTakeFirst();
}

/** The id of an organisation with this name (any, when names repeat). */
export function anyOrganizationIdByName(db: Db, name: string) {
  return db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirst();
}

export async function insertOrganization(db: Db, organization: Insertable<Database['organizations']>): Promise<number> {
  const row = await db.insertInto('organizations').values(organization).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Gives the named organisation the `appeals` feature unless it has it already. */
export async function addAppealsFeature(db: Db, organizationName: string) {
  await db
    .updateTable('organizations')
    .set({ products: sql<string[]>`array_append(products, 'appeals')` })
    .where('name', '=', organizationName)
    .where(sql<boolean>`NOT ('appeals' = ANY(products))`)
    .execute();
}

/** Creates the demo account, or reactivates it with these admin flag and groups; returns its id. */
export async function upsertDemoUser(
  db: Db,
  account: { email: string; firstName: string; lastName: string; internal: boolean; groups: string[] },
): Promise<string> {
  const user = await db
    .insertInto('users')
    .values({
      email: account.email,
      first_name: account.firstName,
      last_name: account.lastName,
      is_internal_admin: account.internal,
      external_groups: account.groups,
      saml_idp_id: null,
      deleted_at: null,
    })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({
        status: 'active',
        deleted_at: null,
        is_internal_admin: account.internal,
        external_groups: account.groups,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}

/** Creates the account, or reactivates it as it is; returns its id. */
export async function upsertActiveUser(
  db: Db,
  account: { email: string; firstName: string; lastName: string },
): Promise<string> {
  const user = await db
    .insertInto('users')
    .values({
      email: account.email,
      first_name: account.firstName,
      last_name: account.lastName,
      saml_idp_id: null,
      deleted_at: null,
    })
    .onConflict((oc) => oc.column('email').doUpdateSet({ status: 'active', deleted_at: null }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}

/** Makes the user a member with this role (an existing membership takes the role). */
export async function upsertMemberRole(db: Db, organizationId: number, userId: string, role: 'member' | 'admin') {
  await db
    .insertInto('organization_members')
    .values({ organization_id: organizationId, user_id: userId, role })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doUpdateSet({ role }))
    .execute();
}

/** Makes the user a member unless a membership exists (it is kept as it is). */
export async function insertMemberIfAbsent(db: Db, organizationId: number, userId: string) {
  await db
    .insertInto('organization_members')
    .values({ organization_id: organizationId, user_id: userId, role: 'member' })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Registers the IdP, or points an existing one at this SSO URL and certificate. */
export async function upsertIdp(db: Db, idp: Insertable<SamlIdentityProvidersTable>) {
  await db
    .insertInto('saml_identity_providers')
    .values(idp)
    .onConflict((oc) => oc.column('id').doUpdateSet({ sso_url: idp.sso_url, certificate: idp.certificate }))
    .execute();
}

/** Stores a mock response unless one of that name exists; its id when it was inserted. */
export function insertMockResponseIfAbsent(db: Db, name: string, payload: string) {
  return db
    .insertInto('mock_responses')
    .values({ name, payload, created_by: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function insertMockCasesIfAbsent(db: Db, cases: Insertable<MockCasesTable>[]) {
  await db
    .insertInto('mock_cases')
    .values(cases)
    .onConflict((oc) => oc.doNothing())
    .execute();
}
