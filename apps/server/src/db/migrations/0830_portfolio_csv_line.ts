import { type Kysely, sql } from 'kysely';

/**
 * Issue 22: a row's original values as the CSV export writes them (every column of the file's
 * header, each cell neutralised and quoted by csvCell, joined with commas), rendered once at ingest
 * by the worker that parses the row anyway. The export of the full column set then sends this text
 * as it is instead of parsing raw_values and formatting each cell again per export (most of its
 * Node time). Null for rows ingested before this migration (the export falls back to raw_values).
 * Every partition is attached at ingest, so adding the column to the parent reaches them all.
 * raw_values stays the source: a write that changes it clears csv_line (a row trigger, cloned to
 * every partition, firing only for UPDATEs that set raw_values), so the rendering is never stale.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolio_rows ADD COLUMN csv_line text`.execute(db);
  await sql`
    CREATE FUNCTION zview_portfolio_rows_csv_line_stale() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.raw_values::text IS DISTINCT FROM OLD.raw_values::text THEN NEW.csv_line := NULL; END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER portfolio_rows_csv_line_stale BEFORE UPDATE OF raw_values ON portfolio_rows
    FOR EACH ROW EXECUTE FUNCTION zview_portfolio_rows_csv_line_stale()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER portfolio_rows_csv_line_stale ON portfolio_rows`.execute(db);
  await sql`DROP FUNCTION zview_portfolio_rows_csv_line_stale()`.execute(db);
  await sql`ALTER TABLE portfolio_rows DROP COLUMN csv_line`.execute(db);
}
