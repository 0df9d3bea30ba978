import { type Kysely, sql } from 'kysely';

/**
 * Portfolio analysis (issue 43).
 * - portfolio_column_mappings: an organisation's saved column mappings, offered again for a file
 *   whose header has the same normalised names (header_key).
 * - portfolio_exposure: one row per located row of a portfolio with its value and its areas (state,
 *   county, ZIP, H3 cells at resolutions 5, 7 and 9), built once the rows are placed, so that every
 *   aggregate and ring is one set-wise query on a narrow table rather than a read of the book.
 *   Partitioned per portfolio like portfolio_rows: a rebuild truncates its partition, a deleted
 *   portfolio's goes with it (the build row's cascade and the trigger below).
 * - portfolio_accumulations: the aggregates of a run (grouping, area, risk level → count, value),
 *   computed in one GROUPING SETS pass when first asked for; reads are then a few thousand rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE portfolio_column_mappings (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      name text NOT NULL,
      header jsonb NOT NULL,
      header_key text NOT NULL,
      fields jsonb NOT NULL,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, name)
    )`.execute(db);
  await sql`CREATE INDEX portfolio_column_mappings_header_idx ON portfolio_column_mappings (organization_id, header_key)`.execute(
    db,
  );

  await sql`
    CREATE TABLE portfolio_exposure_builds (
      portfolio_id integer PRIMARY KEY REFERENCES portfolios(id) ON DELETE CASCADE,
      run_id integer NOT NULL,
      row_count integer NOT NULL,
      has_value boolean NOT NULL,
      built_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE portfolio_exposure (
      portfolio_id integer NOT NULL,
      row_number integer NOT NULL,
      latitude double precision NOT NULL,
      longitude double precision NOT NULL,
      value double precision,
      state text,
      county text,
      zip text,
      h3_5 text NOT NULL,
      h3_7 text NOT NULL,
      h3_9 text NOT NULL,
      -- Ring cells of 250 m and 1 km (see ring-cells.ts): the rows of a ring are found by index.
      g250_y integer NOT NULL,
      g250_x integer NOT NULL,
      g1000_y integer NOT NULL,
      g1000_x integer NOT NULL
    ) PARTITION BY LIST (portfolio_id)`.execute(db);
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
    CREATE FUNCTION zview_drop_exposure_partition() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      EXECUTE format('DROP TABLE IF EXISTS portfolio_exposure_%s', OLD.portfolio_id);
      RETURN OLD;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER portfolio_exposure_builds_drop AFTER DELETE ON portfolio_exposure_builds
    FOR EACH ROW EXECUTE FUNCTION zview_drop_exposure_partition()`.execute(db);

  await sql`
    CREATE TABLE portfolio_accumulations (
      run_id integer NOT NULL REFERENCES portfolio_runs(id) ON DELETE CASCADE,
      grouping text NOT NULL,
      key text NOT NULL,
      risk_level text NOT NULL,
      count integer NOT NULL,
      value double precision NOT NULL,
      PRIMARY KEY (run_id, grouping, key, risk_level)
    )`.execute(db);
  // Pages of areas most value first: an index scan of the 'all' rows (one per area).
  await sql`CREATE INDEX portfolio_accumulations_rank_idx ON portfolio_accumulations (run_id, grouping, risk_level, value DESC, count DESC, key)`.execute(
    db,
  );
  await sql`
    CREATE TABLE portfolio_accumulation_builds (
      run_id integer PRIMARY KEY REFERENCES portfolio_runs(id) ON DELETE CASCADE,
      -- Per grouping: its number of areas, rows and value.
      totals jsonb NOT NULL DEFAULT '{}',
      built_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE portfolio_accumulation_builds`.execute(db);
  await sql`DROP TABLE portfolio_accumulations`.execute(db);
  await sql`DROP TABLE portfolio_exposure_cells`.execute(db);
  await sql`DROP TABLE portfolio_exposure_builds`.execute(db);
  await sql`DROP FUNCTION zview_drop_exposure_partition() CASCADE`.execute(db);
  await sql`DROP TABLE portfolio_exposure`.execute(db);
  await sql`DROP TABLE portfolio_column_mappings`.execute(db);
}
