import { type Kysely, sql } from 'kysely';

/**
 * portfolio_accumulations partitioned per run (issue 46), as the exposure cells per portfolio
 * (1881): a run's aggregates are summed into a temporary table and copied frozen into the run's
 * partition, made (or emptied by TRUNCATE) in the build's transaction, which the embedded server
 * (wal_level minimal) writes without WAL, keys included (db/frozen-copy.ts). In one shared table a
 * 200,000-row book's aggregates (an H3 cell at resolution 9 per row, per risk level and 'all') were
 * 45 MB of WAL with their two keys, which every lookup's commit beside the build had to flush.
 *
 * No foreign key to the run: attaching a partition would check it by locking the run, in the way
 * of a delete of the portfolio (the build row's own key still refers to the run, and a build for a
 * run deleted meanwhile fails there and rolls back). A deleted run's partition is emptied by its
 * delete trigger, as its results' are (zview_empty_partition, migration 0890: TRUNCATE, or DELETE
 * after 2 s behind a reader), and stays attached: dropping a partition locks the whole table.
 */
const COLUMNS = sql`
  run_id integer NOT NULL,
  grouping text NOT NULL,
  key text NOT NULL,
  risk_level text NOT NULL,
  count integer NOT NULL,
  value double precision NOT NULL,
  PRIMARY KEY (run_id, grouping, key, risk_level)`;

async function rename(db: Kysely<unknown>, to: string) {
  await sql`ALTER TABLE portfolio_accumulations RENAME TO ${sql.id(to)}`.execute(db);
  await sql`ALTER TABLE ${sql.id(to)} RENAME CONSTRAINT portfolio_accumulations_pkey TO ${sql.id(`${to}_pkey`)}`.execute(
    db,
  );
  await sql`ALTER INDEX portfolio_accumulations_rank_idx RENAME TO ${sql.id(`${to}_rank_idx`)}`.execute(db);
}

async function rankIndex(db: Kysely<unknown>) {
  // Pages of areas most value first: an index scan of the 'all' rows (one per area).
  await sql`CREATE INDEX portfolio_accumulations_rank_idx ON portfolio_accumulations (run_id, grouping, risk_level, value DESC, count DESC, key)`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rename(db, 'portfolio_accumulations_shared');
  await sql`CREATE TABLE portfolio_accumulations (${COLUMNS}) PARTITION BY LIST (run_id)`.execute(db);
  await rankIndex(db);
  await sql`
    DO $$
    DECLARE id integer;
    BEGIN
      FOR id IN SELECT DISTINCT run_id FROM portfolio_accumulations_shared LOOP
        EXECUTE format('CREATE TABLE %I PARTITION OF portfolio_accumulations FOR VALUES IN (%s)', 'portfolio_accumulations_' || id, id);
      END LOOP;
    END $$`.execute(db);
  await sql`INSERT INTO portfolio_accumulations SELECT * FROM portfolio_accumulations_shared`.execute(db);
  await sql`DROP TABLE portfolio_accumulations_shared`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION zview_delete_run_accumulations() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      run record;
      partition regclass;
    BEGIN
      FOR run IN SELECT d.id FROM deleted_runs d LOOP
        partition := to_regclass('portfolio_accumulations_' || run.id);
        IF partition IS NOT NULL THEN
          PERFORM zview_empty_partition(partition);
        END IF;
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER portfolio_runs_delete_accumulations AFTER DELETE ON portfolio_runs
    REFERENCING OLD TABLE AS deleted_runs FOR EACH STATEMENT EXECUTE FUNCTION zview_delete_run_accumulations()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER portfolio_runs_delete_accumulations ON portfolio_runs`.execute(db);
  await sql`DROP FUNCTION zview_delete_run_accumulations()`.execute(db);
  await rename(db, 'portfolio_accumulations_partitioned');
  await sql`CREATE TABLE portfolio_accumulations (${COLUMNS}, FOREIGN KEY (run_id) REFERENCES portfolio_runs(id) ON DELETE CASCADE)`.execute(
    db,
  );
  await rankIndex(db);
  await sql`
    INSERT INTO portfolio_accumulations SELECT a.* FROM portfolio_accumulations_partitioned a
    WHERE EXISTS (SELECT 1 FROM portfolio_runs r WHERE r.id = a.run_id)`.execute(db);
  await sql`DROP TABLE portfolio_accumulations_partitioned`.execute(db);
}
