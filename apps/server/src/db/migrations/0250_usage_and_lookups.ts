import { type Kysely, sql } from 'kysely';

/**
 * Usage: one row per billable use of a product (a property-view lookup per product, a portfolio
 * row per product). `idempotency_key` makes retried work count once. Lookups: the recent
 * property-view searches of an organisation (the dashboard).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE usage_events (
      id bigserial PRIMARY KEY,
      event_key text NOT NULL UNIQUE DEFAULT gen_random_uuid()::text,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      -- No foreign key: usage outlives the user who caused it.
      user_id text,
      product text NOT NULL,
      channel text NOT NULL CHECK (channel IN ('api', 'zview', 'portfolio')),
      reference text,
      portfolio_id integer,
      run_id integer,
      row_number integer,
      occurred_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX usage_events_org_time_idx ON usage_events (organization_id, occurred_at)`.execute(db);

  await sql`
    CREATE TABLE property_lookups (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      location text NOT NULL,
      location_type text NOT NULL,
      property_id text,
      address text,
      scores jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX property_lookups_org_time_idx ON property_lookups (organization_id, created_at DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE property_lookups, usage_events`.execute(db);
}
