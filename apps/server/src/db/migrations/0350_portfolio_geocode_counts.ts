import { type Kysely, sql } from 'kysely';

/**
 * `portfolios.geocode_counts`: how many of a portfolio's rows are placed at each precision, not
 * placed yet ('pending') or unusable ('unusable'), set by the ingest and kept up by the chunks
 * that geocode (runs.ts), instead of counted over every row on each poll of the metadata (two
 * scans of a million rows every three seconds while it is processed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolios ADD COLUMN geocode_counts jsonb NOT NULL DEFAULT '{}'`.execute(db);
  await sql`
    UPDATE portfolios p SET geocode_counts = coalesce((
      SELECT jsonb_object_agg(precision, n) FROM (
        SELECT coalesce(geo_precision, CASE WHEN problem IS NOT NULL THEN 'unusable' ELSE 'pending' END) AS precision, count(*)::int AS n
        FROM portfolio_rows r WHERE r.portfolio_id = p.id GROUP BY 1) c), '{}')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolios DROP COLUMN geocode_counts`.execute(db);
}
