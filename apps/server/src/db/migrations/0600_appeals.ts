import { type Kysely, sql } from 'kysely';

/**
 * Appeals (issue 16): an organisation's challenge of one product's score for one property, its
 * evidence files, its audit trail, and the score versions published from accepted appeals.
 * `appeal_score_versions` notifies `zview_world` (like the world tables, migration 0260) so every
 * process forgets what lookups remembered: the next lookup sees the published version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE appeal_settings (
      organization_id integer PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
      deadline_days integer NOT NULL DEFAULT 30 CHECK (deadline_days BETWEEN 1 AND 365),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE appeals (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      property_id text NOT NULL,
      h3_index text NOT NULL,
      product text NOT NULL,
      feature_name text,
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted', 'under_review', 'accepted', 'rejected', 'reverted', 'expired')),
      manual_inputs jsonb NOT NULL DEFAULT '{}',
      reason text NOT NULL DEFAULT '',
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      assignee_id uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deadline_at timestamptz NOT NULL,
      decided_at timestamptz,
      score_before double precision,
      score_after double precision
    )`.execute(db);
  // One open appeal per organisation, property and product.
  await sql`CREATE UNIQUE INDEX appeals_one_open ON appeals (organization_id, property_id, product) WHERE status IN ('draft', 'submitted', 'under_review')`.execute(
    db,
  );
  await sql`CREATE INDEX appeals_org_created ON appeals (organization_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX appeals_open_deadline ON appeals (deadline_at) WHERE status IN ('draft', 'submitted', 'under_review')`.execute(
    db,
  );
  await sql`
    CREATE TABLE appeal_evidence (
      id serial PRIMARY KEY,
      appeal_id integer NOT NULL REFERENCES appeals(id) ON DELETE CASCADE,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      file_name text NOT NULL,
      media_type text NOT NULL,
      size_bytes integer NOT NULL CHECK (size_bytes > 0),
      blob_key text NOT NULL,
      uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
      uploaded_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX appeal_evidence_appeal ON appeal_evidence (appeal_id)`.execute(db);
  await sql`
    CREATE TABLE appeal_events (
      id bigserial PRIMARY KEY,
      appeal_id integer NOT NULL REFERENCES appeals(id) ON DELETE CASCADE,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      property_id text NOT NULL,
      product text NOT NULL,
      action text NOT NULL,
      from_status text,
      to_status text NOT NULL,
      actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
      actor_email text,
      at timestamptz NOT NULL DEFAULT now(),
      details jsonb NOT NULL DEFAULT '{}'
    )`.execute(db);
  await sql`CREATE INDEX appeal_events_org ON appeal_events (organization_id, property_id, at)`.execute(db);
  await sql`CREATE INDEX appeal_events_appeal ON appeal_events (appeal_id, id)`.execute(db);
  await sql`
    CREATE TABLE appeal_score_versions (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      property_id text NOT NULL,
      product text NOT NULL,
      version integer NOT NULL,
      appeal_id integer NOT NULL REFERENCES appeals(id) ON DELETE CASCADE,
      score double precision,
      risk_level text NOT NULL,
      model_version text NOT NULL,
      manual_inputs jsonb NOT NULL,
      result jsonb NOT NULL,
      published_by uuid REFERENCES users(id) ON DELETE SET NULL,
      published_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, property_id, product, version)
    )`.execute(db);
  await sql`CREATE TRIGGER appeal_score_versions_notify_zview_world AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON appeal_score_versions FOR EACH STATEMENT EXECUTE FUNCTION notify_zview_world()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE appeal_score_versions`.execute(db);
  await sql`DROP TABLE appeal_events`.execute(db);
  await sql`DROP TABLE appeal_evidence`.execute(db);
  await sql`DROP TABLE appeals`.execute(db);
  await sql`DROP TABLE appeal_settings`.execute(db);
}
