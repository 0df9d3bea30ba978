import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database.js';
import {
  deleteExpiredIdentityRows,
  deleteOidcModel,
  deleteOidcModelsOfGrant,
  liveOidcModel,
  markOidcModelConsumed,
  upsertOidcModel,
} from '../db/oidc-models.js';

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
      await upsertOidcModel(db, row);
    }

    private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const row = await liveOidcModel(db, this.kind, column, value);
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
      await markOidcModelConsumed(db, this.kind, id);
    }

    async destroy(id: string): Promise<void> {
      await deleteOidcModel(db, this.kind, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await deleteOidcModelsOfGrant(db, grantId);
    }
  };
}

/** Removes expired rows; called from time to time (expired rows are already ignored by reads). */
export async function purgeExpiredOidcModels(db: Db): Promise<void> {
  await deleteExpiredIdentityRows(db);
}
