import { type Kysely, sql } from 'kysely';

/**
 * Issue 22: a row's original values are stored once. Where its CSV line (csv_line, migration 0830)
 * holds them exactly (domain/portfolio/csv-line.ts exactCsvLine: nearly every row), the ingest
 * leaves raw_values null and readers take the values from the line (originalValues); other rows
 * keep raw_values, as before. raw_values was a quarter of what an ingest sends to COPY and a fifth
 * of PostgreSQL's time reading it. A row always keeps one of the two (the check), and a write of
 * raw_values still clears csv_line (migration 0830's trigger), so the values are never stale.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolio_rows ALTER COLUMN raw_values DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE portfolio_rows ADD CONSTRAINT portfolio_rows_values_kept CHECK (raw_values IS NOT NULL OR csv_line IS NOT NULL)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolio_rows DROP CONSTRAINT portfolio_rows_values_kept`.execute(db);
  // An exact line's cells are "…" (no quote inside) or hold neither comma nor quote.
  await sql`
    UPDATE portfolio_rows SET raw_values = (
      SELECT to_json(array_agg(CASE WHEN m[1] LIKE '"%' THEN substr(m[1], 2, length(m[1]) - 2) ELSE m[1] END ORDER BY n))
      FROM regexp_matches(csv_line || ',', '("[^"]*"|[^,"]*),', 'g') WITH ORDINALITY AS cells(m, n))
    WHERE raw_values IS NULL`.execute(db);
  await sql`ALTER TABLE portfolio_rows ALTER COLUMN raw_values SET NOT NULL`.execute(db);
}
