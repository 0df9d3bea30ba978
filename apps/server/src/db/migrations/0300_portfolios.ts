import { type Kysely, sql } from 'kysely';

/**
 * Portfolios: uploads (files in the blob store), portfolios and their products, the staged rows
 * of each file, scoring runs committed chunk by chunk, results per run, and usage events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE portfolio_uploads (
      name text PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id text NOT NULL,
      original_name text NOT NULL,
      size_bytes bigint NOT NULL,
      delimiter text NOT NULL,
      has_bom boolean NOT NULL,
      header jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE portfolios (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      description text NOT NULL DEFAULT '',
      portfolio_type text NOT NULL DEFAULT '',
      uploaded_file_name text NOT NULL REFERENCES portfolio_uploads(name),
      created_by text NOT NULL,
      header jsonb NOT NULL,
      column_mapping jsonb NOT NULL,
      row_count integer,
      ingested_at timestamptz,
      processing_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX portfolios_org_name_idx ON portfolios (organization_id, lower(name))`.execute(db);

  await sql`
    CREATE TABLE portfolio_runs (
      id serial PRIMARY KEY,
      portfolio_id integer NOT NULL REFERENCES portfolios(id) ON DELETE CASCADE,
      product text NOT NULL,
      model_version text NOT NULL,
      data_date text NOT NULL,
      requested_by text NOT NULL,
      chunk_size integer NOT NULL,
      chunk_count integer NOT NULL,
      previous_run_id integer REFERENCES portfolio_runs(id) ON DELETE SET NULL,
      changed_count integer,
      suspended_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX portfolio_runs_portfolio_idx ON portfolio_runs (portfolio_id, product)`.execute(db);

  await sql`
    CREATE TABLE portfolio_products (
      portfolio_id integer NOT NULL REFERENCES portfolios(id) ON DELETE CASCADE,
      product text NOT NULL,
      status text NOT NULL DEFAULT 'UPLOADED' CHECK (status IN ('UPLOADED', 'IN_PROGRESS', 'READY', 'PROCESSED', 'ARCHIVED')),
      current_run_id integer REFERENCES portfolio_runs(id) ON DELETE SET NULL,
      export_columns jsonb,
      export_blob text,
      exported_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (portfolio_id, product)
    )`.execute(db);

  // The staging table of every file: one row per data row, loaded with COPY.
  await sql`
    CREATE TABLE portfolio_rows (
      portfolio_id integer NOT NULL REFERENCES portfolios(id) ON DELETE CASCADE,
      row_number integer NOT NULL,
      raw_values jsonb NOT NULL,
      ref text,
      address text,
      street text,
      city text,
      state text,
      zip text,
      country text,
      latitude double precision,
      longitude double precision,
      attributes jsonb NOT NULL DEFAULT '{}',
      problem text,
      geo_latitude double precision,
      geo_longitude double precision,
      geo_precision text,
      geo_problem text,
      geocoded_at timestamptz,
      PRIMARY KEY (portfolio_id, row_number)
    )`.execute(db);
  await sql`CREATE INDEX portfolio_rows_ref_idx ON portfolio_rows (portfolio_id, lower(ref) text_pattern_ops)`.execute(
    db,
  );

  // One row per committed chunk of a run: the unique key that makes chunk commits idempotent.
  await sql`
    CREATE TABLE portfolio_run_chunks (
      run_id integer NOT NULL REFERENCES portfolio_runs(id) ON DELETE CASCADE,
      chunk_index integer NOT NULL,
      row_count integer NOT NULL,
      committed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (run_id, chunk_index)
    )`.execute(db);

  await sql`
    CREATE TABLE portfolio_results (
      run_id integer NOT NULL REFERENCES portfolio_runs(id) ON DELETE CASCADE,
      row_number integer NOT NULL,
      score double precision,
      risk_level text NOT NULL CHECK (risk_level IN ('low', 'medium', 'high', 'none')),
      confidence double precision,
      top_factors jsonb NOT NULL DEFAULT '[]',
      model_version text NOT NULL,
      problem text,
      PRIMARY KEY (run_id, row_number)
    )`.execute(db);
  await sql`CREATE INDEX portfolio_results_level_idx ON portfolio_results (run_id, risk_level)`.execute(db);

  // Billable usage rows go to usage_events (migration 0250), keyed portfolio:{id}:{run}:{row}.
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE portfolio_results, portfolio_run_chunks, portfolio_rows, portfolio_products, portfolio_runs, portfolios, portfolio_uploads`.execute(
    db,
  );
}
