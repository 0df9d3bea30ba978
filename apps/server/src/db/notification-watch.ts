import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * What the notifier reads of other areas, after its cursors (migration 1110): runs finished,
 * ingests failed, appeal status changes. The other areas' code is not touched.
 */

export async function readCursor(db: Db, name: string): Promise<number> {
  const row = await db.selectFrom('notification_cursors').select('last_id').where('name', '=', name).executeTakeFirst();
  return Number(row?.last_id ?? 0);
}

export async function writeCursor(db: Db, name: string, value: number) {
  await db
    .insertInto('notification_cursors')
    .values({ name, last_id: String(value) })
    .onConflict((oc) => oc.column('name').doUpdateSet({ last_id: String(value) }))
    .execute();
}

/** Runs finished after a cursor in microseconds since the epoch (exact: completed_at's own precision). */
export async function runsFinishedAfter(db: Db, afterUs: number) {
  const { rows } = await sql<{
    run_id: number;
    portfolio_id: number;
    product: string;
    organization_id: number;
    name: string;
    requested_by: string;
    row_count: number | null;
    changed_count: number | null;
    at_us: string;
  }>`
    SELECT r.id AS run_id, r.portfolio_id, r.product, p.organization_id, p.name, r.requested_by, p.row_count, r.changed_count,
      (extract(epoch FROM r.completed_at) * 1000000)::bigint::text AS at_us
    FROM portfolio_runs r JOIN portfolios p ON p.id = r.portfolio_id
    WHERE r.completed_at IS NOT NULL AND (extract(epoch FROM r.completed_at) * 1000000)::bigint > ${afterUs}
    ORDER BY r.completed_at LIMIT 500`.execute(db);
  return rows;
}

export async function ingestsFailedAfter(db: Db, afterUs: number) {
  const { rows } = await sql<{
    id: number;
    organization_id: number;
    name: string;
    created_by: string;
    processing_error: string;
    at_us: string;
  }>`
    SELECT id, organization_id, name, created_by, processing_error, (extract(epoch FROM updated_at) * 1000000)::bigint::text AS at_us
    FROM portfolios WHERE processing_error IS NOT NULL AND (extract(epoch FROM updated_at) * 1000000)::bigint > ${afterUs}
    ORDER BY updated_at LIMIT 500`.execute(db);
  return rows;
}

export async function appealEventsAfter(db: Db, afterId: number) {
  const { rows } = await sql<{
    id: string;
    appeal_id: number;
    organization_id: number;
    property_id: string;
    product: string;
    to_status: string;
    actor_id: string | null;
    created_by: string | null;
  }>`
    SELECT e.id::text, e.appeal_id, e.organization_id, e.property_id, e.product, e.to_status, e.actor_id::text, a.created_by::text
    FROM appeal_events e JOIN appeals a ON a.id = e.appeal_id
    WHERE e.id > ${afterId} AND e.from_status IS DISTINCT FROM e.to_status ORDER BY e.id LIMIT 500`.execute(db);
  return rows;
}
