import { type Kysely, sql } from 'kysely';

/**
 * Analytics events as the Segment-compatible collector (POST /v1/batch) stores them: a table
 * partitioned by month of the event's time (`analytics_events_yYYYYmMM`), one row per message,
 * deduplicated by messageId. The key is (message_id, occurred_at): PostgreSQL requires the
 * partition key in a partitioned table's unique keys, and a retried message carries the same
 * messageId and timestamp, so a retry or a replayed batch is stored once.
 * `analytics_events_ensure_partition(ts)` creates the month's partition when missing (the writer
 * calls it for each month a batch touches; concurrent callers are fine). Rows of migration 0450
 * are kept (message id `legacy-<id>`). No foreign keys: analytics outlive users and organisations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE analytics_events RENAME TO analytics_events_legacy`.execute(db);
  await sql`
    CREATE TABLE analytics_events (
      message_id text NOT NULL,
      occurred_at timestamptz NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      organization_id integer,
      user_id text,
      anonymous_id text,
      type text NOT NULL,
      event text,
      properties jsonb NOT NULL DEFAULT '{}',
      context jsonb NOT NULL DEFAULT '{}',
      PRIMARY KEY (message_id, occurred_at)
    ) PARTITION BY RANGE (occurred_at)`.execute(db);
  await sql`CREATE INDEX analytics_events_time_idx ON analytics_events (occurred_at)`.execute(db);
  await sql`CREATE INDEX analytics_events_org_time_idx2 ON analytics_events (organization_id, occurred_at)`.execute(db);
  await sql`CREATE INDEX analytics_events_event_time_idx2 ON analytics_events (event, occurred_at)`.execute(db);
  await sql`
    CREATE FUNCTION analytics_events_ensure_partition(at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      month_start timestamptz := date_trunc('month', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
      name text := 'analytics_events_y' || to_char(at AT TIME ZONE 'UTC', 'YYYY') || 'm' || to_char(at AT TIME ZONE 'UTC', 'MM');
    BEGIN
      IF to_regclass(name) IS NOT NULL THEN RETURN; END IF;
      EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF analytics_events FOR VALUES FROM (%L) TO (%L)',
        name, month_start, month_start + interval '1 month');
    EXCEPTION WHEN duplicate_table OR unique_violation OR invalid_object_definition THEN
      -- Another session created it meanwhile.
      NULL;
    END $$`.execute(db);
  await sql`SELECT analytics_events_ensure_partition(now())`.execute(db);
  await sql`SELECT analytics_events_ensure_partition(m) FROM (SELECT DISTINCT date_trunc('month', occurred_at) AS m FROM analytics_events_legacy) months`.execute(
    db,
  );
  await sql`
    INSERT INTO analytics_events (message_id, occurred_at, received_at, organization_id, user_id, anonymous_id, type, event, properties)
    SELECT 'legacy-' || id, occurred_at, received_at, organization_id, user_id, anonymous_id, type, event, properties FROM analytics_events_legacy`.execute(
    db,
  );
  await sql`DROP TABLE analytics_events_legacy`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE analytics_events`.execute(db);
  await sql`DROP FUNCTION analytics_events_ensure_partition(timestamptz)`.execute(db);
  await sql`
    CREATE TABLE analytics_events (
      id bigserial PRIMARY KEY,
      organization_id integer REFERENCES organizations(id) ON DELETE CASCADE,
      user_id text,
      anonymous_id text,
      type text NOT NULL,
      event text,
      properties jsonb NOT NULL DEFAULT '{}',
      occurred_at timestamptz NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
