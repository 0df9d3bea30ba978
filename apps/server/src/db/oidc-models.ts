import { sql, type Insertable } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/**
 * Repository of oidc-provider's storage (table oidc_models, one row per kind and id: sessions,
 * interactions, grants, authorization codes…) and of the expiring identity rows purged with it.
 */

/** Writes (or rewrites) a model of a kind by id. */
export async function upsertOidcModel(db: Db, row: Insertable<Database['oidc_models']> & { kind: string; id: string }) {
  await db
    .insertInto('oidc_models')
    .values(row)
    .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet({ ...row, kind: undefined, id: undefined }))
    .execute();
}

/** The unexpired model of this kind whose id, uid or user code is `value`. */
export function liveOidcModel(db: Db, kind: string, column: 'id' | 'uid' | 'user_code', value: string) {
  return db
    .selectFrom('oidc_models')
    .select(['payload', 'consumed_at'])
    .where('kind', '=', kind)
    .where(column, '=', value)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
}

export async function markOidcModelConsumed(db: Db, kind: string, id: string) {
  await db
    .updateTable('oidc_models')
    .set({ consumed_at: sql<Date>`now()` })
    .where('kind', '=', kind)
    .where('id', '=', id)
    .execute();
}

export async function deleteOidcModel(db: Db, kind: string, id: string) {
  await db.deleteFrom('oidc_models').where('kind', '=', kind).where('id', '=', id).execute();
}

export async function deleteOidcModelsOfGrant(db: Db, grantId: string) {
  await db.deleteFrom('oidc_models').where('grant_id', '=', grantId).execute();
}

/** Removes expired provider rows, revoked-token ids and day-old session tokens. */
export async function deleteExpiredIdentityRows(db: Db): Promise<void> {
  await db
    .deleteFrom('oidc_models')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await db
    .deleteFrom('revoked_tokens')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await db
    .deleteFrom('session_tokens')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}
