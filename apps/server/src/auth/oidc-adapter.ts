import { sql } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database.js';

/**
 * oidc-provider's storage in PostgreSQL (table oidc_models): sessions, interactions, grants,
 * authorization codes… so that any server process can continue any flow.
 */
export function postgresAdapter(db: Db) {
  return class PostgresAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        kind: this.kind,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresAt,
        consumed_at: null,
      };
      await db
        .insertInto('oidc_models')
        .values(row)
        .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet({ ...row, kind: undefined, id: undefined }))
        .execute();
    }

    private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_models')
        .select(['payload', 'consumed_at'])
        .where('kind', '=', this.kind)
        .where(column, '=', value)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
        .executeTakeFirst();
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : payload;
    }

    find(id: string) {
      return this.findWhere('id', id);
    }

    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('oidc_models')
        .set({ consumed_at: sql<Date>`now()` })
        .where('kind', '=', this.kind)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_models').where('kind', '=', this.kind).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_models').where('grant_id', '=', grantId).execute();
    }
  };
}

/** Removes expired rows; called from time to time (expired rows are already ignored by reads). */
export async function purgeExpiredOidcModels(db: Db): Promise<void> {
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
