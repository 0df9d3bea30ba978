import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from './database.js';
import type { SamlIdentityProvidersTable } from './schema.js';
import type { UserRow } from './accounts.js';

/**
 * Repository of SAML sign-in: the organisations' enterprise identity providers and the
 * SP-initiated requests awaiting their answer. auth/saml.ts validates and decides.
 */
export type SamlIdpRow = Selectable<SamlIdentityProvidersTable>;

/** The oldest IdP registered for this (lower-case) email domain. */
export function idpForEmailDomain(db: Db, domain: string): Promise<SamlIdpRow | undefined> {
  return db
    .selectFrom('saml_identity_providers')
    .selectAll()
    .where(sql<boolean>`${domain} = ANY(email_domains)`)
    .orderBy('created_at')
    .executeTakeFirst();
}

export function idpById(db: Db, id: string): Promise<SamlIdpRow | undefined> {
  return db.selectFrom('saml_identity_providers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Any IdP that already claims one of these domains. */
export function idpClaimingAnyDomain(db: Db, domains: string[]) {
  return db
    .selectFrom('saml_identity_providers')
    .select('id')
    .where(sql<boolean>`email_domains && ${sql.val(domains)}::text[]`)
    .executeTakeFirst();
}

export function insertIdp(db: Db, idp: Insertable<SamlIdentityProvidersTable>): Promise<SamlIdpRow> {
  return db.insertInto('saml_identity_providers').values(idp).returningAll().executeTakeFirstOrThrow();
}

export function idpsOf(db: Db, organizationId: number): Promise<SamlIdpRow[]> {
  return db
    .selectFrom('saml_identity_providers')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .execute();
}

export function updateIdpInternalAdminGroup(db: Db, organizationId: number, id: string, group: string | null) {
  return db
    .updateTable('saml_identity_providers')
    .set({ internal_admin_group: group })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the organisation's IdP; whether there was one. */
export async function deleteIdp(db: Db, organizationId: number, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('saml_identity_providers')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertSamlRequest(
  db: Db,
  request: { id: string; idpId: string; redirectUri: string; loginHint: string | null; expiresAt: Date },
) {
  await db
    .insertInto('saml_requests')
    .values({
      id: request.id,
      idp_id: request.idpId,
      redirect_uri: request.redirectUri,
      login_hint: request.loginHint,
      expires_at: request.expiresAt,
      consumed_at: null,
    })
    .execute();
}

/** Marks the IdP's live (unused, unexpired) request consumed, once; returns it. */
export function consumeLiveSamlRequest(db: Db, idpId: string, id: string) {
  return db
    .updateTable('saml_requests')
    .set({ consumed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('idp_id', '=', idpId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['id', 'redirect_uri'])
    .executeTakeFirst();
}

/** What an assertion says about a user (`isInternalAdmin` only when the IdP decides it). */
export interface SamlProfileUpdate {
  firstName: string;
  lastName: string;
  groups: string[];
  idpId: string;
  isInternalAdmin?: boolean;
}

export function updateSamlUser(db: Db, userId: string, profile: SamlProfileUpdate): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({
      first_name: profile.firstName,
      last_name: profile.lastName,
      external_groups: profile.groups,
      identity_source: 'saml',
      saml_idp_id: profile.idpId,
      ...(profile.isInternalAdmin !== undefined ? { is_internal_admin: profile.isInternalAdmin } : {}),
    })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function insertSamlUser(
  db: Db,
  email: string,
  profile: SamlProfileUpdate & { isInternalAdmin: boolean },
): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      email,
      first_name: profile.firstName,
      last_name: profile.lastName,
      external_groups: profile.groups,
      identity_source: 'saml',
      saml_idp_id: profile.idpId,
      deleted_at: null,
      is_internal_admin: profile.isInternalAdmin,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
