import { type Kysely, sql } from 'kysely';

/**
 * Issue 41, delivery: the in-app notification centre (one row per recipient, read or not, mailed
 * in a digest or not), alert rules per portfolio, and webhooks after the Standard Webhooks
 * specification: an organisation's endpoints (secrets kept for rotation), its messages (one per
 * event id, ordered by id), one delivery per message and endpoint (attempts, next attempt,
 * outcome) and the log of every attempt with its response code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      id bigserial PRIMARY KEY,
      organization_id int NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL,
      title text NOT NULL,
      body text NOT NULL DEFAULT '',
      link text,
      data jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz,
      emailed_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX notifications_inbox ON notifications (user_id, organization_id, id DESC)`.execute(db);
  await sql`CREATE INDEX notifications_unread ON notifications (user_id, organization_id) WHERE read_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX notifications_unmailed ON notifications (id) WHERE emailed_at IS NULL AND read_at IS NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE alert_rules (
      id serial PRIMARY KEY,
      organization_id int NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      portfolio_id int NOT NULL REFERENCES portfolios(id) ON DELETE CASCADE,
      name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('level_change', 'threshold', 'delta')),
      threshold float8,
      min_delta float8,
      product text,
      cause text,
      channels text[] NOT NULL DEFAULT '{in_app}',
      enabled boolean NOT NULL DEFAULT true,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (kind <> 'threshold' OR threshold IS NOT NULL),
      CHECK (kind <> 'delta' OR min_delta IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX alert_rules_portfolio ON alert_rules (portfolio_id) WHERE enabled`.execute(db);

  await sql`
    CREATE TABLE webhook_endpoints (
      id serial PRIMARY KEY,
      organization_id int NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      url text NOT NULL,
      description text NOT NULL DEFAULT '',
      event_types text[] NOT NULL DEFAULT '{}',
      secrets jsonb NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      disabled_at timestamptz,
      disabled_reason text,
      failing_since timestamptz,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX webhook_endpoints_org ON webhook_endpoints (organization_id)`.execute(db);

  await sql`
    CREATE TABLE webhook_messages (
      id bigserial PRIMARY KEY,
      organization_id int NOT NULL,
      lane text NOT NULL,
      event_type text NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE webhook_deliveries (
      message_id bigint NOT NULL REFERENCES webhook_messages(id) ON DELETE CASCADE,
      endpoint_id int NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
      lane text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
      attempts int NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_status_code int,
      last_error text,
      delivered_at timestamptz,
      PRIMARY KEY (message_id, endpoint_id)
    )`.execute(db);
  // The head of each lane (endpoint, portfolio): the oldest pending delivery.
  await sql`CREATE INDEX webhook_deliveries_lane ON webhook_deliveries (endpoint_id, lane, message_id) WHERE status = 'pending'`.execute(
    db,
  );
  await sql`CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`.execute(
    db,
  );
  await sql`
    CREATE TABLE webhook_attempts (
      id bigserial PRIMARY KEY,
      message_id bigint NOT NULL,
      endpoint_id int NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
      attempted_at timestamptz NOT NULL DEFAULT now(),
      status_code int,
      error text,
      duration_ms int NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (endpoint_id, id DESC)`.execute(db);
  // How far the notifier has read other areas' records (finished runs, appeal events).
  await sql`CREATE TABLE notification_cursors (name text PRIMARY KEY, last_id bigint NOT NULL)`.execute(db);
  // Runs and failures by their time (epoch µs: runs finish out of id order), appeal events by id.
  await sql`INSERT INTO notification_cursors (name, last_id)
    SELECT 'portfolio_runs', (extract(epoch FROM now()) * 1000000)::bigint
    UNION ALL SELECT 'portfolio_failures', (extract(epoch FROM now()) * 1000000)::bigint
    UNION ALL SELECT 'appeal_events', coalesce(max(id), 0) FROM appeal_events`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'notification_cursors',
    'webhook_attempts',
    'webhook_deliveries',
    'webhook_messages',
    'webhook_endpoints',
    'alert_rules',
    'notifications',
  ])
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
}
