import { type Kysely, sql } from 'kysely';

/**
 * On the embedded server (wal_level minimal) each chunk of a run writes its results to a table of
 * its own, `portfolio_results_<run>_c<chunk>`, created in the chunk's transaction, so that its rows
 * skip the WAL (db/portfolio-runs.ts chunkResultsTable; issue 46: a lookup's commit waited for the
 * run's WAL to be flushed). The run's finish moves them into its results table. A run deleted before
 * it finishes now drops its chunk tables with its results table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION zview_delete_run_results() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      run record;
      partition regclass;
      chunk regclass;
    BEGIN
      FOR run IN SELECT d.id FROM deleted_runs d LOOP
        FOR chunk IN SELECT c.oid::regclass FROM pg_class c
                     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
                       AND c.relname ~ ('^portfolio_results_' || run.id || '_c[0-9]+$') LOOP
          EXECUTE format('DROP TABLE %s', chunk);
        END LOOP;
        partition := to_regclass('portfolio_results_' || run.id);
        CONTINUE WHEN partition IS NULL;
        IF (SELECT c.relispartition FROM pg_class c WHERE c.oid = partition) THEN
          PERFORM zview_empty_partition(partition);
        ELSE
          -- An unfinished run's table, not attached yet.
          EXECUTE format('DROP TABLE %s', partition);
        END IF;
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION zview_delete_run_results() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      run record;
      partition regclass;
    BEGIN
      FOR run IN SELECT d.id FROM deleted_runs d LOOP
        partition := to_regclass('portfolio_results_' || run.id);
        CONTINUE WHEN partition IS NULL;
        IF (SELECT c.relispartition FROM pg_class c WHERE c.oid = partition) THEN
          PERFORM zview_empty_partition(partition);
        ELSE
          -- An unfinished run's table, not attached yet.
          EXECUTE format('DROP TABLE %s', partition);
        END IF;
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);
}
