import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_PREFIX_CHARS, type ApiKeyCreate } from '@zview/contracts';
import type { Actor } from '../../auth/actor.js';
import { findApiKey, insertApiKey, listApiKeys, revokeApiKey, type ApiKeyRow } from '../../db/api-keys.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../app-error.js';

/**
 * API keys of an organisation (issue 19): created by its group admins (or internal admins acting
 * for it), shown once, stored only as a SHA-256 hash with a short visible prefix, listed, revoked.
 * Internal admins may revoke any organisation's key. Every creation and revocation is audited.
 */
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SECRET_LENGTH = 40;

/** A new key: `zv_live_` and 40 base62 characters (238 bits), drawn without modulo bias. */
export function generateApiKey(): string {
  let secret = '';
  while (secret.length < SECRET_LENGTH) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && secret.length < SECRET_LENGTH) secret += BASE62[byte % 62];
    }
  }
  return `${API_KEY_PREFIX}${secret}`;
}

/** What the database keeps of a key. A fast hash is right here: the secret is random, not a password. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function visiblePrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + API_KEY_PREFIX_CHARS);
}

export type ApiKeyStatus = 'active' | 'revoked' | 'expired';
export function statusOf(row: Pick<ApiKeyRow, 'revoked_at' | 'expires_at'>, now = new Date()): ApiKeyStatus {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && row.expires_at <= now) return 'expired';
  return 'active';
}

/** Creates a key for the organisation acted for; answers the row and the key (never stored). */
export async function createApiKey(
  db: Db,
  actor: Actor,
  input: ApiKeyCreate,
): Promise<{ row: ApiKeyRow; key: string }> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw badRequest('expiresAt must be in the future.');
  const products = input.products ? [...new Set(input.products)] : null;
  const disabled = (products ?? []).filter((p) => !actor.organization.products.includes(p));
  if (disabled.length) throw badRequest(`Not enabled for your organization: ${disabled.join(', ')}.`);
  const key = generateApiKey();
  const row = await db.transaction().execute(async (trx) => {
    const created = await insertApiKey(trx, {
      organizationId: actor.organization.id,
      name: input.name,
      prefix: visiblePrefix(key),
      keyHash: hashApiKey(key),
      products,
      ratePerSecond: input.ratePerSecond,
      burst: input.burst,
      createdBy: actor.userId,
      expiresAt,
    });
    await writeAudit(trx, {
      actorUserId: actor.userId,
      organizationId: actor.organization.id,
      action: 'api_key.create',
      subject: created.id,
      after: auditImage(created),
    });
    return created;
  });
  return { row, key };
}

export function listOrganizationApiKeys(db: Db, actor: Actor): Promise<ApiKeyRow[]> {
  return listApiKeys(db, actor.organization.id);
}

/** Revokes a key of the organisation acted for (internal admins: any key). A foreign key answers 404. */
export async function revokeOrganizationApiKey(db: Db, actor: Actor, id: string): Promise<ApiKeyRow> {
  const row = await findApiKey(db, id);
  if (!row || (row.organization_id !== actor.organization.id && !actor.isInternalAdmin))
    throw notFound('This API key was not found.');
  if (row.revoked_at) return row;
  await db.transaction().execute(async (trx) => {
    await revokeApiKey(trx, id, actor.userId);
    await writeAudit(trx, {
      actorUserId: actor.userId,
      organizationId: row.organization_id,
      action: 'api_key.revoke',
      subject: id,
      before: auditImage(row),
    });
  });
  return (await findApiKey(db, id))!;
}

function auditImage(row: ApiKeyRow) {
  return {
    name: row.name,
    prefix: row.prefix,
    products: row.products,
    expiresAt: row.expires_at?.toISOString() ?? null,
    ratePerSecond: row.rate_per_second,
    burst: row.rate_burst,
  };
}
