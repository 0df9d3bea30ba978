import { type Kysely, sql } from 'kysely';

/**
 * Issue 41, monitored portfolios:
 * - monitored_products: a portfolio product switched to monitored (pinned: it keeps its model
 *   version and imagery; only appeals and corrections change it), with the run it started from;
 * - monitored_rows: the book as it stands now, one row per (portfolio, product, row) placed on a
 *   property, found by property (the index) when the world changes there, never by reading the book;
 * - world_changes: what changed in the world (a capture over an area, a model release, a permit,
 *   a correction, an appeal published for one organisation), queued for the monitoring job;
 * - score_changes: every change of a monitored row with its cause, immutable (a trigger refuses
 *   UPDATE), partitioned by month of changed_at (partitions made on demand, zview_score_changes_month).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE monitored_products (
      portfolio_id int NOT NULL,
      product text NOT NULL,
      organization_id int NOT NULL,
      pinned boolean NOT NULL DEFAULT false,
      base_run_id int NOT NULL,
      enabled_by text NOT NULL,
      enabled_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (portfolio_id, product),
      FOREIGN KEY (portfolio_id, product) REFERENCES portfolio_products (portfolio_id, product) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX monitored_products_org ON monitored_products (organization_id)`.execute(db);

  // No foreign key: a million rows are copied in at once; the trigger below empties them instead.
  await sql`
    CREATE TABLE monitored_rows (
      portfolio_id int NOT NULL,
      product text NOT NULL,
      row_number int NOT NULL,
      property_id text NOT NULL,
      score float8,
      risk_level text NOT NULL,
      factors jsonb NOT NULL DEFAULT '[]',
      model_version text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (portfolio_id, product, row_number)
    )`.execute(db);
  await sql`CREATE INDEX monitored_rows_property ON monitored_rows (property_id)`.execute(db);
  await sql`
    CREATE FUNCTION zview_monitored_rows_drop() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM monitored_rows WHERE portfolio_id = OLD.portfolio_id AND product = OLD.product;
      RETURN OLD;
    END $$`.execute(db);
  await sql`CREATE TRIGGER monitored_products_drop_rows AFTER DELETE ON monitored_products
    FOR EACH ROW EXECUTE FUNCTION zview_monitored_rows_drop()`.execute(db);

  await sql`
    CREATE TABLE world_changes (
      id bigserial PRIMARY KEY,
      cause text NOT NULL CHECK (cause IN ('capture', 'model', 'permit', 'correction', 'appeal')),
      cause_id text NOT NULL,
      description text NOT NULL DEFAULT '',
      organization_id int,
      product text,
      occurred_on date NOT NULL,
      west float8, south float8, east float8, north float8,
      property_ids text[],
      created_at timestamptz NOT NULL DEFAULT now(),
      processed_at timestamptz,
      affected_rows int,
      changed_rows int,
      CHECK (west IS NOT NULL OR property_ids IS NOT NULL OR cause = 'model')
    )`.execute(db);
  await sql`CREATE INDEX world_changes_pending ON world_changes (id) WHERE processed_at IS NULL`.execute(db);

  await sql`CREATE SEQUENCE score_changes_id_seq AS bigint`.execute(db);
  await sql`
    CREATE TABLE score_changes (
      id bigint NOT NULL DEFAULT nextval('score_changes_id_seq'),
      changed_at timestamptz NOT NULL DEFAULT now(),
      effective_on date NOT NULL,
      organization_id int NOT NULL,
      portfolio_id int NOT NULL,
      product text NOT NULL,
      row_number int NOT NULL,
      property_id text NOT NULL,
      old_score float8,
      new_score float8,
      old_level text NOT NULL,
      new_level text NOT NULL,
      old_model_version text NOT NULL,
      new_model_version text NOT NULL,
      factors jsonb NOT NULL,
      cause text NOT NULL,
      cause_id text NOT NULL,
      world_change_id bigint NOT NULL,
      PRIMARY KEY (changed_at, id)
    ) PARTITION BY RANGE (changed_at)`.execute(db);
  await sql`CREATE INDEX score_changes_portfolio ON score_changes (portfolio_id, id)`.execute(db);
  await sql`CREATE INDEX score_changes_row ON score_changes (portfolio_id, row_number, changed_at)`.execute(db);
  await sql`CREATE INDEX score_changes_property ON score_changes (organization_id, property_id, changed_at)`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION zview_score_changes_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'score changes are immutable';
    END $$`.execute(db);
  await sql`CREATE TRIGGER score_changes_immutable BEFORE UPDATE ON score_changes
    FOR EACH ROW EXECUTE FUNCTION zview_score_changes_immutable()`.execute(db);
  // The month's partition, made when a change of that month is first written.
  await sql`
    CREATE FUNCTION zview_score_changes_month(month date) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      first date := date_trunc('month', month)::date;
      name text := 'score_changes_' || to_char(first, 'YYYYMM');
    BEGIN
      IF to_regclass(name) IS NULL THEN
        EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF score_changes FOR VALUES FROM (%L) TO (%L)',
          name, first::timestamptz, (first + interval '1 month')::timestamptz);
      END IF;
    END $$`.execute(db);
  // The factors that moved between two top-factor lists: [{name, from, to}] (null where absent).
  await sql`
    CREATE FUNCTION zview_moved_factors(old jsonb, new jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
      SELECT coalesce(jsonb_agg(jsonb_build_object('name', name, 'from', o, 'to', n) ORDER BY abs(coalesce(n, 0) - coalesce(o, 0)) DESC), '[]'::jsonb)
      FROM (
        SELECT coalesce(a.name, b.name) AS name, a.c AS o, b.c AS n
        FROM (SELECT e->>'name' AS name, (e->>'contribution')::float8 AS c FROM jsonb_array_elements(coalesce(old, '[]')) e) a
        FULL JOIN (SELECT e->>'name' AS name, (e->>'contribution')::float8 AS c FROM jsonb_array_elements(coalesce(new, '[]')) e) b
          ON a.name = b.name
      ) f
      WHERE o IS DISTINCT FROM n
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE score_changes`.execute(db);
  await sql`DROP SEQUENCE score_changes_id_seq`.execute(db);
  await sql`DROP FUNCTION zview_score_changes_month(date)`.execute(db);
  await sql`DROP FUNCTION zview_score_changes_immutable()`.execute(db);
  await sql`DROP FUNCTION zview_moved_factors(jsonb, jsonb)`.execute(db);
  await sql`DROP TABLE world_changes`.execute(db);
  await sql`DROP TABLE monitored_rows`.execute(db);
  await sql`DROP TABLE monitored_products`.execute(db);
  await sql`DROP FUNCTION zview_monitored_rows_drop()`.execute(db);
}
