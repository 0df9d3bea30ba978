import { type Kysely, sql } from 'kysely';

/**
 * Deactivating or deleting a member is an act of one organisation: it belongs on the membership,
 * not on the user, who may belong to other organisations that still want them. `users.status`
 * stays as the account's own state (an internal admin can still lock an account everywhere).
 * Existing non-active users keep their state and their memberships take it too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE organization_members
      ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deactivated', 'deleted')),
      ADD COLUMN status_changed_at timestamptz`.execute(db);
  await sql`
    UPDATE organization_members m SET status = u.status, status_changed_at = now()
    FROM users u WHERE u.id = m.user_id AND u.status <> 'active'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE organization_members DROP COLUMN status, DROP COLUMN status_changed_at`.execute(db);
}
