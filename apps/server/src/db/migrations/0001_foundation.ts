import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS citext`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);

  await sql`
    CREATE TABLE organizations (
      id serial PRIMARY KEY,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      products text[] NOT NULL DEFAULT '{}',
      is_trial boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email citext NOT NULL UNIQUE,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deactivated', 'deleted')),
      is_internal_admin boolean NOT NULL DEFAULT false,
      external_groups text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE organization_members (
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX organization_members_user_idx ON organization_members (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE organization_members, users, organizations`.execute(db);
}
