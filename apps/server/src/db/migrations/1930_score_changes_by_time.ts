import { type Kysely, sql } from 'kysely';

/**
 * A book's changes, newest first, are read by when they happened (changed_at), not by id: a row the
 * worker placed after a change was applied takes the change later (a higher id) at the instant the
 * change was applied to the rest of the book (domain/monitoring/engine.ts replayChangesForJoinedRows).
 * This index serves that page (a backward scan per month partition, merged) as (portfolio_id, id)
 * served the id order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX score_changes_portfolio_time ON score_changes (portfolio_id, changed_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS score_changes_portfolio_time`.execute(db);
}
