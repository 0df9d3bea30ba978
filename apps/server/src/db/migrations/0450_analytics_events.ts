import { type Kysely, sql } from 'kysely';

/**
 * Product analytics events the web app sends (POST /api/analytics/events): who did what, when,
 * in which organisation. Kept apart from usage (billing) and the audit log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE analytics_events (
      id bigserial PRIMARY KEY,
      organization_id integer REFERENCES organizations(id) ON DELETE CASCADE,
      -- No foreign key: analytics outlive the user who caused them.
      user_id text,
      anonymous_id text,
      type text NOT NULL,
      event text,
      properties jsonb NOT NULL DEFAULT '{}',
      occurred_at timestamptz NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX analytics_events_event_time_idx ON analytics_events (event, occurred_at)`.execute(db);
  await sql`CREATE INDEX analytics_events_org_time_idx ON analytics_events (organization_id, occurred_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE analytics_events`.execute(db);
}
