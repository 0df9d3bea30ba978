import { type Kysely, sql } from 'kysely';

/**
 * Statutory timers and mitigation requests (issue 42): an appeal is an appeal of a score or a
 * mitigation request (recorded mitigations to credit); each carries the property's state and
 * its acknowledge-by, decide-by and (mitigation) re-score-by deadlines computed when it was
 * opened, and when each was met. `appeal_timer_settings` holds an organisation's days per state
 * ('*' = every other state); absent, HB25-1182's 10 / 30 / 30 days apply. `notice_texts` holds
 * an organisation's edited text blocks of the score notice per template (CO, CA, default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE appeals
      ADD COLUMN kind text NOT NULL DEFAULT 'appeal' CHECK (kind IN ('appeal', 'mitigation')),
      ADD COLUMN property_state text,
      ADD COLUMN acknowledge_by timestamptz,
      ADD COLUMN decide_by timestamptz,
      ADD COLUMN rescore_by timestamptz,
      ADD COLUMN acknowledged_at timestamptz,
      ADD COLUMN rescored_at timestamptz,
      ADD COLUMN reminded_at timestamptz`.execute(db);
  await sql`CREATE INDEX appeals_org_decide_by ON appeals (organization_id, decide_by)`.execute(db);
  await sql`
    CREATE TABLE appeal_timer_settings (
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      state text NOT NULL CHECK (state = '*' OR state ~ '^[A-Z]{2}$'),
      acknowledge_days integer NOT NULL CHECK (acknowledge_days BETWEEN 1 AND 365),
      decide_days integer NOT NULL CHECK (decide_days BETWEEN 1 AND 365),
      rescore_days integer NOT NULL CHECK (rescore_days BETWEEN 1 AND 365),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, state)
    )`.execute(db);
  await sql`
    CREATE TABLE notice_texts (
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      template text NOT NULL CHECK (template IN ('CO', 'CA', 'default')),
      block text NOT NULL,
      body text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, template, block)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE notice_texts`.execute(db);
  await sql`DROP TABLE appeal_timer_settings`.execute(db);
  await sql`DROP INDEX appeals_org_decide_by`.execute(db);
  await sql`
    ALTER TABLE appeals DROP COLUMN kind, DROP COLUMN property_state, DROP COLUMN acknowledge_by,
      DROP COLUMN decide_by, DROP COLUMN rescore_by, DROP COLUMN acknowledged_at, DROP COLUMN rescored_at,
      DROP COLUMN reminded_at`.execute(db);
}
