import { type Kysely, sql } from 'kysely';

/**
 * Deleting a portfolio or a run empties its partitions with TRUNCATE (`portfolio_rows_<id>`,
 * `portfolio_results_<run>`), as deleting a score-index build does (migration 0870, which now
 * goes through the same function), instead of deleting their rows one by one: a portfolio of a million
 * rows with one run took 5.3 s to delete, inside the user's request, and left two million dead rows
 * for vacuum. The emptied tables stay attached (dropping a partition takes the whole table's lock).
 *
 * TRUNCATE waits for every reader of the partition (an export of that portfolio, say): after 2 s
 * it gives up and the rows are deleted as before, which waits for no reader. The portfolio's runs
 * are locked before its rows are emptied, the order a chunk's commit takes them in (the run, then
 * the rows), so the two never wait on each other in a cycle.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION zview_empty_partition(partition regclass) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      previous text := current_setting('lock_timeout');
    BEGIN
      PERFORM set_config('lock_timeout', '2s', true);
      BEGIN
        EXECUTE format('TRUNCATE %s', partition);
      EXCEPTION WHEN lock_not_available THEN
        EXECUTE format('DELETE FROM %s', partition);
      END;
      PERFORM set_config('lock_timeout', previous, true);
    END $$`.execute(db);
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
  await sql`
    CREATE FUNCTION zview_empty_portfolio_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      partition regclass := to_regclass('portfolio_rows_' || OLD.id);
    BEGIN
      IF partition IS NOT NULL AND (SELECT c.relispartition FROM pg_class c WHERE c.oid = partition) THEN
        PERFORM 1 FROM portfolio_runs WHERE portfolio_id = OLD.id FOR UPDATE;
        PERFORM zview_empty_partition(partition);
      END IF;
      RETURN OLD;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER portfolios_empty_rows BEFORE DELETE ON portfolios
    FOR EACH ROW EXECUTE FUNCTION zview_empty_portfolio_rows()`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION zview_delete_build_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      build record;
      partition regclass;
    BEGIN
      FOR build IN SELECT id FROM deleted_builds LOOP
        partition := to_regclass('score_index_' || build.id);
        IF partition IS NOT NULL THEN
          PERFORM zview_empty_partition(partition);
        END IF;
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION zview_delete_build_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      build record;
    BEGIN
      FOR build IN SELECT id FROM deleted_builds LOOP
        IF to_regclass('score_index_' || build.id) IS NOT NULL THEN
          EXECUTE format('TRUNCATE %I', 'score_index_' || build.id);
        END IF;
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);
  await sql`DROP TRIGGER portfolios_empty_rows ON portfolios`.execute(db);
  await sql`DROP FUNCTION zview_empty_portfolio_rows()`.execute(db);
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
  await sql`DROP FUNCTION zview_empty_partition(regclass)`.execute(db);
}
