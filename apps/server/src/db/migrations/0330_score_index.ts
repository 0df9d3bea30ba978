import { type Kysely, sql } from 'kysely';

/**
 * The precomputed score index of portfolio runs (domain/portfolio/score-index.ts), and what lets a
 * chunk be placed and scored set-wise in SQL:
 *
 * - `zview_simple_parcel(parcel)`: a parcel that is a GeoJSON Polygon without holes as a native
 *   PostgreSQL polygon (x = longitude, y = latitude), NULL otherwise (no PostGIS needed).
 * - `placement_cells`: those polygons by grid cell (`zview_placement_cell`, 0.001°, ~110 m), so a chunk's
 *   points find their parcel with one B-tree probe each, read from the index alone.
 * - `world_revision`: a counter bumped by every statement that changes what scores are computed
 *   from (properties, buildings, permits, imagery captures), so an index built before an import
 *   is known to be stale.
 * - `score_index_builds` / `score_index`: per product, model version, as-of date and world
 *   revision, the score of every property.
 * - `portfolio_results` without a row-by-row foreign key (a trigger deletes a deleted run's results).
 * - `usage_events.quantity`: a portfolio chunk writes one usage record for all its scored rows.
 * - `portfolio_runs.score_build_id`: the index build a run scored with (its data date).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Inlined into the index expression (a single expression, no subquery): GeoJSON's ring
  // [[x,y],[x,y],…] becomes the polygon literal ((x,y),(x,y),…).
  await sql`
    CREATE FUNCTION zview_simple_parcel(parcel jsonb) RETURNS polygon
    LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
      SELECT CASE WHEN parcel->>'type' = 'Polygon' AND jsonb_array_length(parcel->'coordinates') = 1
                       AND jsonb_array_length(parcel->'coordinates'->0) >= 4
                  THEN translate((parcel->'coordinates'->0)::text, '[]', '()')::polygon END
    $$`.execute(db);

  await sql`CREATE TABLE world_revision (id boolean PRIMARY KEY DEFAULT true CHECK (id), revision bigint NOT NULL)`.execute(
    db,
  );
  await sql`INSERT INTO world_revision (revision) VALUES (1)`.execute(db);
  await sql`
    CREATE FUNCTION zview_bump_world_revision() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE world_revision SET revision = revision + 1;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of ['properties', 'buildings', 'permits', 'imagery_captures']) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_world_revision`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION zview_bump_world_revision()`.execute(db);
  }

  // Parcels by grid cell (PLACEMENT_CELL_DEG): a point's parcel is one B-tree probe (cell) and an
  // exact polygon test away, read from the index alone. Rebuilt per world revision.
  await sql`
    CREATE FUNCTION zview_placement_cell(lat double precision, lng double precision) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
      SELECT floor(lat / 0.001)::bigint * 1000000 + floor((lng + 180) / 0.001)::bigint
    $$`.execute(db);
  await sql`
    CREATE TABLE placement_cells (
      world_revision bigint NOT NULL,
      cell bigint NOT NULL,
      property_id text NOT NULL,
      parcel polygon NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX placement_cells_cell_idx ON placement_cells (world_revision, cell) INCLUDE (property_id, parcel)`.execute(
    db,
  );
  await sql`CREATE TABLE placement_builds (world_revision bigint PRIMARY KEY, cell_count integer NOT NULL, built_at timestamptz NOT NULL DEFAULT now())`.execute(
    db,
  );

  await sql`
    CREATE TABLE score_index_builds (
      id serial PRIMARY KEY,
      product text NOT NULL,
      model_version text NOT NULL,
      as_of date NOT NULL,
      world_revision bigint NOT NULL,
      -- Keyset cursor of the background build: properties up to this id are in the index.
      built_through text,
      property_count integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX score_index_builds_key_idx ON score_index_builds (product, model_version, world_revision, as_of)`.execute(
    db,
  );

  await sql`
    CREATE TABLE score_index (
      build_id integer NOT NULL REFERENCES score_index_builds(id) ON DELETE CASCADE,
      property_id text NOT NULL,
      score double precision,
      risk_level text NOT NULL,
      confidence double precision,
      top_factors jsonb NOT NULL,
      problem text,
      PRIMARY KEY (build_id, property_id)
    )`.execute(db);

  // A chunk inserts 10,000 results at once: the foreign key checked them one by one (a third of
  // the insert's time). The chunk's own (run, chunk) key is checked against the run instead, and
  // a trigger keeps the cascade: deleting runs deletes their results.
  await sql`ALTER TABLE portfolio_results DROP CONSTRAINT portfolio_results_run_id_fkey`.execute(db);
  await sql`
    CREATE FUNCTION zview_delete_run_results() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM portfolio_results WHERE run_id IN (SELECT id FROM deleted_runs);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER portfolio_runs_delete_results AFTER DELETE ON portfolio_runs
    REFERENCING OLD TABLE AS deleted_runs FOR EACH STATEMENT EXECUTE FUNCTION zview_delete_run_results()`.execute(db);

  await sql`ALTER TABLE usage_events ADD COLUMN quantity integer NOT NULL DEFAULT 1 CHECK (quantity > 0)`.execute(db);
  await sql`ALTER TABLE portfolio_runs ADD COLUMN score_build_id integer REFERENCES score_index_builds(id) ON DELETE SET NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolio_runs DROP COLUMN score_build_id`.execute(db);
  await sql`ALTER TABLE usage_events DROP COLUMN quantity`.execute(db);
  await sql`DROP TRIGGER portfolio_runs_delete_results ON portfolio_runs`.execute(db);
  await sql`DROP FUNCTION zview_delete_run_results()`.execute(db);
  await sql`ALTER TABLE portfolio_results ADD CONSTRAINT portfolio_results_run_id_fkey FOREIGN KEY (run_id) REFERENCES portfolio_runs(id) ON DELETE CASCADE`.execute(
    db,
  );
  await sql`DROP TABLE score_index, score_index_builds, placement_builds, placement_cells`.execute(db);
  for (const table of ['properties', 'buildings', 'permits', 'imagery_captures']) {
    await sql`DROP TRIGGER ${sql.raw(`${table}_world_revision`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION zview_bump_world_revision()`.execute(db);
  await sql`DROP FUNCTION zview_placement_cell(double precision, double precision)`.execute(db);
  await sql`DROP TABLE world_revision`.execute(db);
  await sql`DROP FUNCTION zview_simple_parcel(jsonb)`.execute(db);
}
