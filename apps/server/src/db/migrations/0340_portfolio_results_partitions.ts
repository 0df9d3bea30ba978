import { type Kysely, sql } from 'kysely';

/**
 * portfolio_results becomes a table partitioned by run, one partition per run
 * (`portfolio_results_<run>`), for the same reason portfolio_rows is partitioned by portfolio
 * (migration 0320): a run's chunks insert into a fresh table of their own with no index to
 * maintain, and the commit that lands the run's last chunk builds its keys by sorting and attaches
 * it (runs.ts). A portfolio of five products writes five results per row: maintaining two B-trees
 * row by row was most of a chunk's commit.
 *
 * `portfolio_run_chunks.summary`: the risk-level and error counts of each committed chunk, so a
 * run's are the sum over its chunks instead of a count of its results on every poll of the
 * portfolio's metadata. (Kept on the chunk, not added up on the run: updating the run row from
 * every commit would serialise the commits.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolio_results RENAME TO portfolio_results_unpartitioned`.execute(db);
  await sql`ALTER INDEX portfolio_results_pkey RENAME TO portfolio_results_unpartitioned_pkey`.execute(db);
  await sql`ALTER INDEX portfolio_results_level_idx RENAME TO portfolio_results_unpartitioned_level_idx`.execute(db);
  await sql`
    CREATE TABLE portfolio_results (
      run_id integer NOT NULL,
      row_number integer NOT NULL,
      score double precision,
      risk_level text NOT NULL CHECK (risk_level IN ('low', 'medium', 'high', 'none')),
      confidence double precision,
      top_factors jsonb NOT NULL DEFAULT '[]',
      model_version text NOT NULL,
      problem text,
      PRIMARY KEY (run_id, row_number)
    ) PARTITION BY LIST (run_id)`.execute(db);
  await sql`CREATE INDEX portfolio_results_level_idx ON portfolio_results (run_id, risk_level)`.execute(db);
  await sql`
    DO $$
    DECLARE id integer;
    BEGIN
      -- Every run gets its (attached) partition, unfinished ones too: their remaining chunks
      -- insert into it, and finishing finds it attached already.
      FOR id IN SELECT r.id FROM portfolio_runs r LOOP
        EXECUTE format('CREATE TABLE %I PARTITION OF portfolio_results FOR VALUES IN (%s)', 'portfolio_results_' || id, id);
      END LOOP;
    END $$`.execute(db);
  // Named columns: a database taken back below this migration by down() has later columns too (migration 0800).
  await sql`
    INSERT INTO portfolio_results (run_id, row_number, score, risk_level, confidence, top_factors, model_version, problem)
    SELECT run_id, row_number, score, risk_level, confidence, top_factors, model_version, problem FROM portfolio_results_unpartitioned`.execute(
    db,
  );
  await sql`DROP TABLE portfolio_results_unpartitioned`.execute(db);

  // Deleted runs: the results of a finished run are deleted (dropping an attached partition would
  // lock every portfolio's results for a moment); an unfinished run's table is dropped.
  await sql`
    CREATE OR REPLACE FUNCTION zview_delete_run_results() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE id integer;
    BEGIN
      DELETE FROM portfolio_results WHERE run_id IN (SELECT d.id FROM deleted_runs d);
      FOR id IN SELECT d.id FROM deleted_runs d WHERE d.completed_at IS NULL LOOP
        EXECUTE format('DROP TABLE IF EXISTS %I', 'portfolio_results_' || id);
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);

  await sql`ALTER TABLE portfolio_run_chunks ADD COLUMN summary jsonb NOT NULL DEFAULT '{"low":0,"medium":0,"high":0,"none":0,"errors":0}'`.execute(
    db,
  );
  await sql`
    UPDATE portfolio_run_chunks c SET summary = (
      SELECT jsonb_build_object(
        'low', count(*) FILTER (WHERE problem IS NULL AND risk_level = 'low'),
        'medium', count(*) FILTER (WHERE problem IS NULL AND risk_level = 'medium'),
        'high', count(*) FILTER (WHERE problem IS NULL AND risk_level = 'high'),
        'none', count(*) FILTER (WHERE problem IS NULL AND risk_level = 'none'),
        'errors', count(*) FILTER (WHERE problem IS NOT NULL))
      FROM portfolio_results r JOIN portfolio_runs run ON run.id = r.run_id
      WHERE r.run_id = c.run_id AND r.row_number BETWEEN c.chunk_index * run.chunk_size + 1 AND (c.chunk_index + 1) * run.chunk_size)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolio_run_chunks DROP COLUMN summary`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION zview_delete_run_results() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM portfolio_results WHERE run_id IN (SELECT id FROM deleted_runs);
      RETURN NULL;
    END $$`.execute(db);
  await sql`ALTER TABLE portfolio_results RENAME TO portfolio_results_partitioned`.execute(db);
  await sql`ALTER INDEX portfolio_results_pkey RENAME TO portfolio_results_partitioned_pkey`.execute(db);
  await sql`ALTER INDEX portfolio_results_level_idx RENAME TO portfolio_results_partitioned_level_idx`.execute(db);
  await sql`CREATE TABLE portfolio_results (LIKE portfolio_results_partitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS, PRIMARY KEY (run_id, row_number))`.execute(
    db,
  );
  await sql`CREATE INDEX portfolio_results_level_idx ON portfolio_results (run_id, risk_level)`.execute(db);
  await sql`INSERT INTO portfolio_results SELECT * FROM portfolio_results_partitioned`.execute(db);
  await sql`DROP TABLE portfolio_results_partitioned`.execute(db);
}
