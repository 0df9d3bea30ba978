import { type Kysely, sql } from 'kysely';

/**
 * portfolio_exposure_cells partitioned per portfolio, like portfolio_exposure (issue 46): a build
 * writes its cells into a partition created in its transaction, which the embedded server (wal_level
 * minimal) writes without WAL, frozen (db/frozen-copy.ts). In one shared table the cells of a
 * 200,000-row book uniformly spread went to the WAL as 47 MB (heap and key), which every lookup's
 * commit beside the build had to flush. A deleted build empties its partition (the trigger of
 * migration 1300, which drops its exposure; zview_empty_partition of 0890: TRUNCATE, or DELETE
 * after 2 s behind a reader), in place of the foreign key's cascade to the build row (a partition
 * attached would check that key by locking the build row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolio_exposure_cells RENAME TO portfolio_exposure_cells_shared`.execute(db);
  await sql`ALTER TABLE portfolio_exposure_cells_shared RENAME CONSTRAINT portfolio_exposure_cells_pkey TO portfolio_exposure_cells_shared_pkey`.execute(
    db,
  );
  await sql`
    CREATE TABLE portfolio_exposure_cells (
      portfolio_id integer NOT NULL,
      radius integer NOT NULL,
      gy integer NOT NULL,
      gx integer NOT NULL,
      n integer NOT NULL,
      value double precision NOT NULL,
      lat_n double precision NOT NULL,
      lng_n double precision NOT NULL,
      lat_v double precision NOT NULL,
      lng_v double precision NOT NULL,
      PRIMARY KEY (portfolio_id, radius, gy, gx)
    ) PARTITION BY LIST (portfolio_id)`.execute(db);
  await sql`
    DO $$
    DECLARE id integer;
    BEGIN
      FOR id IN SELECT DISTINCT portfolio_id FROM portfolio_exposure_cells_shared LOOP
        EXECUTE format('CREATE TABLE %I PARTITION OF portfolio_exposure_cells FOR VALUES IN (%s)', 'portfolio_exposure_cells_' || id, id);
      END LOOP;
    END $$`.execute(db);
  await sql`INSERT INTO portfolio_exposure_cells SELECT * FROM portfolio_exposure_cells_shared`.execute(db);
  await sql`DROP TABLE portfolio_exposure_cells_shared`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION zview_drop_exposure_partition() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE cells regclass := to_regclass('portfolio_exposure_cells_' || OLD.portfolio_id);
    BEGIN
      EXECUTE format('DROP TABLE IF EXISTS portfolio_exposure_%s', OLD.portfolio_id);
      -- Emptied, not dropped: a drop locks every portfolio's cells, and waited for the worker
      -- building another's, which could wait for this very delete (a deadlock the tests met).
      IF cells IS NOT NULL THEN
        PERFORM zview_empty_partition(cells);
      END IF;
      RETURN OLD;
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION zview_drop_exposure_partition() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      EXECUTE format('DROP TABLE IF EXISTS portfolio_exposure_%s', OLD.portfolio_id);
      RETURN OLD;
    END $$`.execute(db);
  await sql`ALTER TABLE portfolio_exposure_cells RENAME TO portfolio_exposure_cells_partitioned`.execute(db);
  await sql`ALTER TABLE portfolio_exposure_cells_partitioned RENAME CONSTRAINT portfolio_exposure_cells_pkey TO portfolio_exposure_cells_partitioned_pkey`.execute(
    db,
  );
  await sql`
    CREATE TABLE portfolio_exposure_cells (
      portfolio_id integer NOT NULL REFERENCES portfolio_exposure_builds(portfolio_id) ON DELETE CASCADE,
      radius integer NOT NULL,
      gy integer NOT NULL,
      gx integer NOT NULL,
      n integer NOT NULL,
      value double precision NOT NULL,
      lat_n double precision NOT NULL,
      lng_n double precision NOT NULL,
      lat_v double precision NOT NULL,
      lng_v double precision NOT NULL,
      PRIMARY KEY (portfolio_id, radius, gy, gx)
    )`.execute(db);
  await sql`
    INSERT INTO portfolio_exposure_cells SELECT c.* FROM portfolio_exposure_cells_partitioned c
    WHERE EXISTS (SELECT 1 FROM portfolio_exposure_builds b WHERE b.portfolio_id = c.portfolio_id)`.execute(db);
  await sql`DROP TABLE portfolio_exposure_cells_partitioned`.execute(db);
}
