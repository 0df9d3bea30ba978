import { type Kysely, sql } from 'kysely';

/**
 * Issue 41, the diff of two runs at the size of a book: when a run finishes, the rows whose score
 * or level moved since its previous run are kept (`portfolio_run_changes`, a tenth of a book when a
 * tenth moved) with the counts by level transition (`portfolio_run_diffs`). The diff of a run and
 * its previous one then reads one row for its summary and only the changed rows for its export,
 * instead of joining two million-row result partitions on every request. Runs finished before this
 * migration have none: their diff is joined as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE portfolio_run_diffs (
      run_id integer PRIMARY KEY REFERENCES portfolio_runs(id) ON DELETE CASCADE,
      previous_run_id integer NOT NULL,
      rows integer NOT NULL,
      changed integer NOT NULL,
      -- [{from, to, count, deltaSum}] over the changed rows, largest count first.
      transitions jsonb NOT NULL DEFAULT '[]'
    )`.execute(db);
  await sql`
    CREATE TABLE portfolio_run_changes (
      -- No foreign key: checking one per row added a second to keeping 100,000 changes; the
      -- trigger below removes a run's changes with its diff (itself removed with its run).
      run_id integer NOT NULL,
      row_number integer NOT NULL,
      old_score double precision,
      old_level text NOT NULL,
      new_score double precision,
      new_level text NOT NULL,
      PRIMARY KEY (run_id, row_number)
    )`.execute(db);
  await sql`
    CREATE FUNCTION zview_run_diff_removed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM portfolio_run_changes WHERE run_id = OLD.run_id;
      RETURN OLD;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER portfolio_run_diffs_removed AFTER DELETE ON portfolio_run_diffs
    FOR EACH ROW EXECUTE FUNCTION zview_run_diff_removed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS portfolio_run_changes`.execute(db);
  await sql`DROP TABLE IF EXISTS portfolio_run_diffs`.execute(db);
  await sql`DROP FUNCTION IF EXISTS zview_run_diff_removed()`.execute(db);
}
