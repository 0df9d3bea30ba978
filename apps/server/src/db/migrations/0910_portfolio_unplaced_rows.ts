import { type Kysely, sql } from 'kysely';

/**
 * Issue 22: `portfolios.unplaced_rows` lists the rows that gave their own coordinates and that the
 * ingest placed on no parcel without finding them far from every property: the only rows of such a
 * portfolio whose place is the run's exact rule (domain/portfolio/indexed-chunk.ts). Recorded when
 * there are at most UNPLACED_ROWS_KEPT of them, for the world revision of placed_world_revision;
 * null when there are more, or when the ingest placed nothing. With it a chunk need not read its
 * rows to find them (~15 ms of a 25,000-row chunk).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolios ADD COLUMN unplaced_rows int[]`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolios DROP COLUMN unplaced_rows`.execute(db);
}
