import { type Kysely, sql } from 'kysely';

/**
 * Monitoring a book no longer places, inside the API request, the run's rows SQL cannot place
 * (domain/monitoring/book-rows.ts): the request copies what SQL places and marks the product as
 * placing; the worker's job `monitoring-place-v1` places the rest a page at a time.
 * - placing_run_id: the run whose scored rows are still being placed (null: every one is in the book);
 * - placing_after: the last row number checked (the job's cursor, and its progress against
 *   placing_last_row, the run's last row number);
 * - placing_changes_after: the last world change applied when the placing began: a row that joins
 *   the book later is given the changes applied since, in order, so none is lost or counted twice;
 * - placing_touched_at: when a page was last placed (the sweep restarts a placing that stalled).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE monitored_products
      ADD COLUMN placing_run_id int,
      ADD COLUMN placing_after int NOT NULL DEFAULT 0,
      ADD COLUMN placing_last_row int,
      ADD COLUMN placing_changes_after bigint,
      ADD COLUMN placing_touched_at timestamptz`.execute(db);
  await sql`CREATE INDEX monitored_products_placing ON monitored_products (placing_touched_at)
    WHERE placing_run_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS monitored_products_placing`.execute(db);
  await sql`
    ALTER TABLE monitored_products
      DROP COLUMN IF EXISTS placing_run_id,
      DROP COLUMN IF EXISTS placing_after,
      DROP COLUMN IF EXISTS placing_last_row,
      DROP COLUMN IF EXISTS placing_changes_after,
      DROP COLUMN IF EXISTS placing_touched_at`.execute(db);
}
