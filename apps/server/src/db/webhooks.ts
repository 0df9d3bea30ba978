import { sql, type Transaction } from 'kysely';
import type { Db } from './database.js';
import type { Database, WebhookSecret } from './schema.js';

/** The SQL of webhook endpoints, messages, deliveries and their attempts (migration 1110). */

const ENDPOINT_COLUMNS = [
  'id',
  'organization_id',
  'url',
  'description',
  'event_types',
  'secrets',
  'enabled',
  'disabled_at',
  'disabled_reason',
  'failing_since',
  'created_at',
] as const;

export function listEndpoints(db: Db, organizationId: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
}

export function findEndpoint(db: Db, organizationId: number, id: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function insertEndpoint(
  db: Db,
  v: {
    organizationId: number;
    url: string;
    description: string;
    eventTypes: string[];
    secret: string;
    createdBy: string;
  },
) {
  const secrets: WebhookSecret[] = [{ secret: v.secret, createdAt: new Date().toISOString(), expiresAt: null }];
  return db
    .insertInto('webhook_endpoints')
    .values({
      organization_id: v.organizationId,
      url: v.url,
      description: v.description,
      event_types: v.eventTypes,
      secrets: JSON.stringify(secrets),
      created_by: v.createdBy,
    })
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateEndpoint(
  db: Db,
  organizationId: number,
  id: number,
  v: { url?: string; description?: string; eventTypes?: string[]; enabled?: boolean; secrets?: WebhookSecret[] },
) {
  return db
    .updateTable('webhook_endpoints')
    .set({
      ...(v.url !== undefined ? { url: v.url } : {}),
      ...(v.description !== undefined ? { description: v.description } : {}),
      ...(v.eventTypes !== undefined ? { event_types: v.eventTypes } : {}),
      ...(v.secrets !== undefined ? { secrets: JSON.stringify(v.secrets) } : {}),
      ...(v.enabled === true ? { enabled: true, disabled_at: null, disabled_reason: null, failing_since: null } : {}),
      ...(v.enabled === false
        ? { enabled: false, disabled_at: new Date(), disabled_reason: 'Disabled by an admin.' }
        : {}),
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirst();
}

export async function deleteEndpoint(db: Db, organizationId: number, id: number) {
  const row = await db
    .deleteFrom('webhook_endpoints')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A message of an organisation for every enabled endpoint that takes its event type. */
export async function insertMessage(
  db: Db,
  v: { organizationId: number; lane: string; eventType: string; payload: unknown },
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    WITH msg AS (
      INSERT INTO webhook_messages (organization_id, lane, event_type, payload)
      VALUES (${v.organizationId}, ${v.lane}, ${v.eventType}, ${JSON.stringify(v.payload)}::jsonb) RETURNING id
    ), d AS (
      INSERT INTO webhook_deliveries (message_id, endpoint_id, lane)
      SELECT msg.id, e.id, ${v.lane} FROM msg JOIN webhook_endpoints e ON e.organization_id = ${v.organizationId} AND e.enabled
        AND (cardinality(e.event_types) = 0 OR ${v.eventType} = ANY(e.event_types))
      RETURNING 1
    )
    SELECT id::text FROM msg`.execute(db);
  return rows[0]!.id;
}

/** Lanes (endpoint, lane) with a pending delivery due now, of enabled endpoints. */
export async function dueLanes(db: Db, limit = 1000) {
  const { rows } = await sql<{ endpoint_id: number; lane: string }>`
    SELECT DISTINCT d.endpoint_id, d.lane FROM webhook_deliveries d
    JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
    WHERE d.status = 'pending' AND d.next_attempt_at <= now()
    LIMIT ${limit}`.execute(db);
  return rows;
}

/**
 * Takes the lane for this connection's session (one sender per lane), held across the HTTP
 * requests of a whole batch without a transaction open meanwhile; false when another has it.
 */
export async function lockLaneSession(conn: Db, endpointId: number, lane: string): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`
    SELECT pg_try_advisory_lock(41, hashtext(${`${endpointId}|${lane}`})) AS ok`.execute(conn);
  return rows[0]?.ok === true;
}

export async function unlockLaneSession(conn: Db, endpointId: number, lane: string): Promise<void> {
  await sql`SELECT pg_advisory_unlock(41, hashtext(${`${endpointId}|${lane}`}))`.execute(conn);
}

/** The next `limit` pending deliveries of a lane in order, with their messages and the endpoint. */
export async function laneHeads(db: Db, endpointId: number, lane: string, limit: number) {
  const { rows } = await sql<LaneHead>`
    SELECT d.message_id::text, d.attempts, d.next_attempt_at, m.event_type, m.payload, m.created_at,
      e.url, e.secrets, e.enabled, e.failing_since, e.organization_id
    FROM webhook_deliveries d
    JOIN webhook_messages m ON m.id = d.message_id
    JOIN webhook_endpoints e ON e.id = d.endpoint_id
    WHERE d.endpoint_id = ${endpointId} AND d.lane = ${lane} AND d.status = 'pending'
    ORDER BY d.message_id LIMIT ${limit}`.execute(db);
  return rows;
}

/** A delivered message in one statement: its attempt logged, the delivery marked, the endpoint healthy. */
export async function recordDelivered(
  db: Db,
  v: { messageId: string; endpointId: number; statusCode: number; durationMs: number },
) {
  await sql`
    WITH attempt AS (
      INSERT INTO webhook_attempts (message_id, endpoint_id, status_code, error, duration_ms)
      VALUES (${v.messageId}, ${v.endpointId}, ${v.statusCode}, NULL, ${v.durationMs})
    ), endpoint AS (
      UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ${v.endpointId} AND failing_since IS NOT NULL
    )
    UPDATE webhook_deliveries SET status = 'succeeded', attempts = attempts + 1, last_status_code = ${v.statusCode},
      last_error = NULL, delivered_at = now()
    WHERE message_id = ${v.messageId} AND endpoint_id = ${v.endpointId}`.execute(db);
}

export interface LaneHead {
  message_id: string;
  attempts: number;
  next_attempt_at: Date;
  event_type: string;
  payload: unknown;
  created_at: Date;
  url: string;
  secrets: WebhookSecret[];
  enabled: boolean;
  failing_since: Date | null;
  organization_id: number;
}

export async function recordAttempt(
  trx: Transaction<Database>,
  v: { messageId: string; endpointId: number; statusCode: number | null; error: string | null; durationMs: number },
) {
  await trx
    .insertInto('webhook_attempts')
    .values({
      message_id: v.messageId,
      endpoint_id: v.endpointId,
      status_code: v.statusCode,
      error: v.error,
      duration_ms: v.durationMs,
    })
    .execute();
}

export async function markRetry(
  trx: Transaction<Database>,
  v: { messageId: string; endpointId: number; statusCode: number | null; error: string | null; nextAttemptAt: Date },
) {
  await trx
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_status_code: v.statusCode,
      last_error: v.error,
      next_attempt_at: v.nextAttemptAt,
    }))
    .where('message_id', '=', v.messageId)
    .where('endpoint_id', '=', v.endpointId)
    .execute();
  await sql`UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, now()) WHERE id = ${v.endpointId}`.execute(
    trx,
  );
}

/** Disables an endpoint after sustained failure; its pending deliveries stay for a redeliver. */
export async function disableEndpoint(trx: Transaction<Database>, endpointId: number, reason: string) {
  await trx
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_at: new Date(), disabled_reason: reason })
    .where('id', '=', endpointId)
    .execute();
}

/** The delivery log of an endpoint: its attempts, newest first. */
export function listAttempts(db: Db, endpointId: number, offset: number, limit: number) {
  return db
    .selectFrom('webhook_attempts')
    .select(['id', 'message_id', 'attempted_at', 'status_code', 'error', 'duration_ms'])
    .where('endpoint_id', '=', endpointId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function listDeliveries(db: Db, endpointId: number, offset: number, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_messages', 'webhook_messages.id', 'webhook_deliveries.message_id')
    .select([
      'webhook_deliveries.message_id',
      'webhook_messages.event_type',
      'webhook_deliveries.status',
      'webhook_deliveries.attempts',
      'webhook_deliveries.next_attempt_at',
      'webhook_deliveries.last_status_code',
      'webhook_deliveries.last_error',
      'webhook_deliveries.delivered_at',
    ])
    .where('endpoint_id', '=', endpointId)
    .orderBy('webhook_deliveries.message_id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Puts one delivery back at the head of its lane's queue, due now; its lane, or undefined when none. */
export async function redeliver(db: Db, endpointId: number, messageId: string) {
  const row = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: new Date() })
    .where('endpoint_id', '=', endpointId)
    .where('message_id', '=', messageId)
    .returning('lane')
    .executeTakeFirst();
  return row?.lane;
}
