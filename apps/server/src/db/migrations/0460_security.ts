import { type Kysely, sql } from 'kysely';

/**
 * Security fixes (issue 12):
 * - `users.tokens_not_before`: access tokens issued before it are refused (password reset,
 *   deactivation, role change); the IdP sessions of the user are ended at the same time.
 * - `membership_invitations`: a group admin adding an account that already exists invites it;
 *   the person joins the organisation by accepting the one-time link mailed to them.
 * - `saml_identity_providers.internal_admin_group`: the one group (if any) through which that
 *   IdP may make someone an internal admin; external groups grant nothing otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN tokens_not_before timestamptz`.execute(db);
  await sql`ALTER TABLE saml_identity_providers ADD COLUMN internal_admin_group text`.execute(db);
  await sql`
    CREATE TABLE membership_invitations (
      token_hash text PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('member', 'admin')),
      invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX membership_invitations_user_idx ON membership_invitations (user_id, organization_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE membership_invitations`.execute(db);
  await sql`ALTER TABLE saml_identity_providers DROP COLUMN internal_admin_group`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN tokens_not_before`.execute(db);
}
