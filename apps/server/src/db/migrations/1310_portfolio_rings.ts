import { type Kysely, sql } from 'kysely';

/**
 * Portfolio analysis (issue 43): a run's top rings, kept with its aggregates. Finding the best
 * rings of a million-row book counts a few hundred candidate centres exactly (seconds); they are
 * found once, when the run's aggregates are built at the end of the run, and a request reads them.
 * Per radius ("250", "1000"): the best rings, most value first (a radius absent: not found yet).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolio_accumulation_builds ADD COLUMN rings jsonb NOT NULL DEFAULT '{}'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolio_accumulation_builds DROP COLUMN rings`.execute(db);
}
