import { type Kysely, sql } from 'kysely';

/**
 * Issue 22: two indexes every portfolio paid for and no query used.
 * - `portfolio_rows_ref_idx` (portfolio_id, lower(ref) text_pattern_ops) serves prefix searches;
 *   the review's search is a contains search (`lower(ref) LIKE '%…%'`), which a btree cannot serve
 *   (EXPLAIN: the rows' primary key and a filter, with or without it). Building it was ~0.8 s of
 *   a million-row ingest.
 * - `portfolio_results_level_idx` (run_id, risk_level) holds four values per run: filtering a
 *   million results by level reads most of the run's pages either way (EXPLAIN on the bench's
 *   million rows: 192 ms with it, 205 ms without). Building it was ~0.5 s of a run's finish.
 * Dropping an index of a partitioned table drops its partitions' indexes too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS portfolio_rows_ref_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS portfolio_results_level_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX portfolio_rows_ref_idx ON portfolio_rows (portfolio_id, lower(ref) text_pattern_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX portfolio_results_level_idx ON portfolio_results (run_id, risk_level)`.execute(db);
}
