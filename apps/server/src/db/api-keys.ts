import { sql } from 'kysely';
import type { Db } from './database.js';

/** API keys (migration 0750): stored as a hash with a visible prefix; see api_key_take for the per-request check. */
export interface ApiKeyRow {
  id: string;
  organization_id: number;
  name: string;
  prefix: string;
  products: string[] | null;
  rate_per_second: number;
  rate_burst: number;
  created_by: string | null;
  created_by_email: string | null;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

const columns = [
  'k.id',
  'k.organization_id',
  'k.name',
  'k.prefix',
  'k.products',
  'k.rate_per_second',
  'k.rate_burst',
  'k.created_by',
  'u.email as created_by_email',
  'k.created_at',
  'k.expires_at',
  'k.revoked_at',
  'k.last_used_at',
] as const;

export async function insertApiKey(
  db: Db,
  key: {
    organizationId: number;
    name: string;
    prefix: string;
    keyHash: string;
    products: string[] | null;
    ratePerSecond?: number;
    burst?: number;
    createdBy: string | null;
    expiresAt: Date | null;
  },
): Promise<ApiKeyRow> {
  const { id } = await db
    .insertInto('api_keys')
    .values({
      organization_id: key.organizationId,
      name: key.name,
      prefix: key.prefix,
      key_hash: key.keyHash,
      products: key.products,
      ...(key.ratePerSecond === undefined ? {} : { rate_per_second: key.ratePerSecond }),
      ...(key.burst === undefined ? {} : { rate_burst: key.burst }),
      created_by: key.createdBy,
      expires_at: key.expiresAt,
      revoked_at: null,
      revoked_by: null,
      last_used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findApiKey(db, id))!;
}

/** The organisation's keys, newest first. */
export function listApiKeys(db: Db, organizationId: number): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys as k')
    .leftJoin('users as u', 'u.id', 'k.created_by')
    .select(columns)
    .where('k.organization_id', '=', organizationId)
    .orderBy('k.created_at', 'desc')
    .limit(1000)
    .execute();
}

export function findApiKey(db: Db, id: string): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('api_keys as k')
    .leftJoin('users as u', 'u.id', 'k.created_by')
    .select(columns)
    .where('k.id', '=', id)
    .executeTakeFirst();
}

/** Marks the key revoked (once: a second revocation keeps the first time). */
export async function revokeApiKey(db: Db, id: string, by: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: sql<Date>`now()`, revoked_by: by })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export interface KeyedRequest {
  keyId: string;
  organizationId: number;
  organizationName: string;
  organizationProducts: string[];
  organizationIsTrial: boolean;
  keyProducts: string[] | null;
  createdBy: string | null;
  allowed: boolean;
  retryAfterMs: number;
  remaining: number;
  burst: number;
}

/**
 * The one round trip of a keyed request: the key by hash when it is neither revoked nor expired,
 * its organisation, and a token taken from its bucket (undefined = no such usable key).
 */
export async function takeApiKeyToken(db: Db, keyHash: string): Promise<KeyedRequest | undefined> {
  const { rows } = await sql<{
    key_id: string;
    organization_id: number;
    organization_name: string;
    organization_products: string[];
    organization_is_trial: boolean;
    key_products: string[] | null;
    created_by: string | null;
    allowed: boolean;
    retry_after_ms: number;
    remaining: number;
    burst: number;
  }>`SELECT * FROM api_key_take(${keyHash})`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    keyId: row.key_id,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    organizationProducts: row.organization_products,
    organizationIsTrial: row.organization_is_trial,
    keyProducts: row.key_products,
    createdBy: row.created_by,
    allowed: row.allowed,
    retryAfterMs: row.retry_after_ms,
    remaining: Math.max(0, row.remaining),
    burst: row.burst,
  };
}

/**
 * Usage of an organisation by product and channel between two UTC days (inclusive), from the
 * usage totals (the rollup and the rows not folded into it yet: migration 1901).
 */
export async function usageByProductAndChannel(db: Db, organizationId: number, from: string, to: string) {
  // Billing's rule (db/billing.ts): a rerun counts only under an agreement of its day that bills reruns.
  return db
    .selectFrom('usage_totals as r')
    .select([
      'product',
      'channel',
      sql<string>`sum(quantity)`.as('quantity'),
      sql<string>`coalesce(sum(quantity) FILTER (WHERE rerun AND NOT EXISTS (
        SELECT 1 FROM agreements a WHERE a.organization_id = r.organization_id AND a.product = r.product
          AND a.bill_reruns AND a.contract_start <= r.day AND (a.contract_end IS NULL OR a.contract_end >= r.day))), 0)`.as(
        'unbilled_reruns',
      ),
    ])
    .where('organization_id', '=', organizationId)
    .where('day', '>=', sql<Date>`${from}::date`)
    .where('day', '<=', sql<Date>`${to}::date`)
    .groupBy(['product', 'channel'])
    .orderBy('product')
    .orderBy('channel')
    .execute();
}
