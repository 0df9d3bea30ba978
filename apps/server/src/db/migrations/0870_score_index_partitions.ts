import { type Kysely, sql } from 'kysely';

/**
 * Issue 22: the score index becomes a partition per build (`score_index_<build id>`).
 *
 * The builds of a world's five products are written together, a batch of properties at a time, so
 * in one table every page held rows of every build: a run probing one product's build of a
 * million properties read pages of all five (1.5 GB instead of ~340 MB), and missed PostgreSQL's
 * cache on about a third of its probes (a chunk of 25,000 rows: ~130 ms of probes, ~65 ms on
 * a table of that build alone). In its own partition a build's rows are together; a superseded
 * build is emptied by TRUNCATE rather than deleted row by row (which left the table bloated and its
 * statistics describing rows long gone); and each build has statistics of its own.
 *
 * A partition is created and attached when its build row is inserted (trigger below). ATTACH takes
 * the parent's SHARE UPDATE EXCLUSIVE lock, which readers and writers of other builds do not wait
 * for. Deleting builds truncates their partitions (only those partitions are locked): dropping a
 * partition would take the whole index's lock and wait behind every query of it, so the empty
 * tables of superseded builds stay (a few per model version or world change).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE score_index RENAME TO score_index_unpartitioned`.execute(db);
  await sql`ALTER INDEX score_index_pkey RENAME TO score_index_unpartitioned_pkey`.execute(db);
  await sql`CREATE TABLE score_index (LIKE score_index_unpartitioned INCLUDING DEFAULTS) PARTITION BY LIST (build_id)`.execute(
    db,
  );
  await sql`ALTER TABLE score_index ADD PRIMARY KEY (build_id, property_id)`.execute(db);
  await sql`
    CREATE FUNCTION zview_create_build_partition() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      partition text := 'score_index_' || NEW.id;
    BEGIN
      IF to_regclass(partition) IS NULL THEN
        EXECUTE format('CREATE TABLE %I (LIKE score_index INCLUDING DEFAULTS)', partition);
        EXECUTE format('ALTER TABLE score_index ATTACH PARTITION %I FOR VALUES IN (%s)', partition, NEW.id);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER score_index_builds_partition AFTER INSERT ON score_index_builds
    FOR EACH ROW EXECUTE FUNCTION zview_create_build_partition()`.execute(db);
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

  // The existing builds' rows, each build in its own partition in property order (rows of builds
  // that are gone are left behind).
  const builds = await sql<{ id: number }>`SELECT id FROM score_index_builds ORDER BY id`.execute(db);
  for (const { id } of builds.rows) {
    const partition = sql.table(`score_index_${Math.trunc(id)}`);
    await sql`CREATE TABLE ${partition} (LIKE score_index INCLUDING DEFAULTS)`.execute(db);
    await sql`INSERT INTO ${partition} SELECT * FROM score_index_unpartitioned WHERE build_id = ${id} ORDER BY property_id`.execute(
      db,
    );
    await sql`ALTER TABLE score_index ATTACH PARTITION ${partition} FOR VALUES IN (${sql.lit(Math.trunc(id))})`.execute(
      db,
    );
  }
  await sql`DROP TABLE score_index_unpartitioned`.execute(db);
  await sql`ANALYZE score_index`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER score_index_builds_partition ON score_index_builds`.execute(db);
  await sql`DROP FUNCTION zview_create_build_partition()`.execute(db);
  await sql`ALTER TABLE score_index RENAME TO score_index_partitioned`.execute(db);
  await sql`CREATE TABLE score_index (LIKE score_index_partitioned INCLUDING DEFAULTS)`.execute(db);
  await sql`INSERT INTO score_index SELECT * FROM score_index_partitioned`.execute(db);
  await sql`DROP TABLE score_index_partitioned`.execute(db);
  await sql`ALTER TABLE score_index ADD PRIMARY KEY (build_id, property_id)`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION zview_delete_build_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM score_index WHERE build_id IN (SELECT id FROM deleted_builds);
      RETURN NULL;
    END $$`.execute(db);
}
