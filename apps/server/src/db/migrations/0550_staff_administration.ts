import { type Kysely, sql } from 'kysely';

/**
 * Staff administration (issue 15):
 * - customer details on organisations (contact, account manager, notes);
 * - organization_products: each product or feature key switched on or off per organisation, with
 *   optional start and end dates. organizations.products stays the effective set that every other
 *   part of the server reads; the customers domain rewrites it whenever a switch changes (and the
 *   organisations trigger of 0260 announces it on `zview_auth`, so every process's caches drop it);
 * - audit_log gains before/after images of what a write changed;
 * - mock responses (assessment answers kept as JSON) and mock cases (which lookups answer them).
 *   Their changes notify `zview_world`, which clears the lookup caches (mock cases included).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE organizations
      ADD COLUMN contact_email text,
      ADD COLUMN account_manager text,
      ADD COLUMN notes text,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`.execute(db);
  // Customer search (substring, as typed): pg_trgm is installed by 0001.
  await sql`CREATE INDEX organizations_name_trgm_idx ON organizations USING gin (lower(name) gin_trgm_ops)`.execute(db);

  await sql`
    CREATE TABLE organization_products (
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      product text NOT NULL,
      enabled boolean NOT NULL,
      start_date date,
      end_date date,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, product),
      CHECK (end_date IS NULL OR start_date IS NULL OR end_date > start_date)
    )`.execute(db);
  await sql`
    INSERT INTO organization_products (organization_id, product, enabled)
    SELECT o.id, p, true FROM organizations o, unnest(o.products) AS p
    ON CONFLICT DO NOTHING`.execute(db);

  await sql`ALTER TABLE audit_log ADD COLUMN before jsonb, ADD COLUMN after jsonb`.execute(db);

  await sql`
    CREATE TABLE mock_responses (
      id serial PRIMARY KEY,
      name text NOT NULL UNIQUE,
      payload jsonb NOT NULL,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE mock_cases (
      id serial PRIMARY KEY,
      location text NOT NULL,
      location_type text NOT NULL CHECK (location_type IN ('address', 'coordinates', 'portfolio')),
      api_version text NOT NULL,
      mock_response_id integer NOT NULL REFERENCES mock_responses(id) ON DELETE CASCADE,
      products text[] NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (location, location_type, api_version, mock_response_id, products)
    )`.execute(db);
  for (const table of ['mock_responses', 'mock_cases']) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_notify_zview_world AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_zview_world()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE mock_cases, mock_responses, organization_products`.execute(db);
  await sql`ALTER TABLE audit_log DROP COLUMN before, DROP COLUMN after`.execute(db);
  await sql`DROP INDEX IF EXISTS organizations_name_trgm_idx`.execute(db);
  await sql`ALTER TABLE organizations DROP COLUMN contact_email, DROP COLUMN account_manager, DROP COLUMN notes, DROP COLUMN updated_at`.execute(
    db,
  );
}
