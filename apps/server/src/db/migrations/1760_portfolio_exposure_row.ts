import { type Kysely, sql } from 'kysely';

/**
 * Issue 43, a monitored book over time: its "now" looks up the insured value of the rows score
 * changes moved since the base run, by row number, in the book's exposure. The exposure had no index
 * by row number (a 1M-row book's partition would be read whole per request). Made on the
 * partitioned table: every partition has it, and each one an exposure build attaches gets it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS portfolio_exposure_row ON portfolio_exposure (portfolio_id, row_number)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS portfolio_exposure_row`.execute(db);
}
