import { type Kysely, sql } from 'kysely';

/**
 * property_lookups checked its organisation and its user by a foreign key per row: every lookup of
 * the property view runs two referential-integrity queries in the usage group commit (db/usage.ts),
 * each locking the organisation's or the user's row FOR KEY SHARE, and the overlapping group
 * commits of one organisation (two API processes, or two batches in flight) share those row locks
 * through a multixact each time. In a perf profile of the group commit's PostgreSQL backend
 * (batches of 7 lookups, bench/lookup-write-cost.ts) the two checks were 7% of its CPU (issue 46).
 * As migration 1860 did for usage_events, the keys' actions move to statement-level triggers:
 * - deleting an organisation still deletes its recent lookups;
 * - deleting a user still clears `user_id` of their lookups (the recent-lookups list shows no
 *   email for them, as before).
 * What the per-row keys also did, refusing a row for an organisation or a user that does not
 * exist: a lookup's row is written by the same statement as its usage, whose rollup rows check
 * the organisation (1860), and its user is the authenticated user of the request; a user deleted
 * while their lookup was in flight leaves a `user_id` no user has, which reads as a deleted user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE property_lookups
      DROP CONSTRAINT property_lookups_organization_id_fkey,
      DROP CONSTRAINT property_lookups_user_id_fkey`.execute(db);
  await sql`
    CREATE FUNCTION zview_delete_organization_lookups() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM property_lookups WHERE organization_id IN (SELECT id FROM old_rows);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER organizations_delete_lookups AFTER DELETE ON organizations
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION zview_delete_organization_lookups()`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION zview_forget_deleted_users_lookups() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE property_lookups SET user_id = NULL WHERE user_id IN (SELECT id FROM old_rows);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER users_forget_lookups AFTER DELETE ON users
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION zview_forget_deleted_users_lookups()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER users_forget_lookups ON users`.execute(db);
  await sql`DROP FUNCTION zview_forget_deleted_users_lookups()`.execute(db);
  await sql`DROP TRIGGER organizations_delete_lookups ON organizations`.execute(db);
  await sql`DROP FUNCTION zview_delete_organization_lookups()`.execute(db);
  // Rows whose organisation or user went meanwhile would fail the keys: removed or cleared first.
  await sql`DELETE FROM property_lookups l WHERE NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = l.organization_id)`.execute(
    db,
  );
  await sql`
    UPDATE property_lookups l SET user_id = NULL
    WHERE user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = l.user_id)`.execute(db);
  await sql`
    ALTER TABLE property_lookups
      ADD CONSTRAINT property_lookups_organization_id_fkey FOREIGN KEY (organization_id) REFERENCES organizations(id) ON DELETE CASCADE,
      ADD CONSTRAINT property_lookups_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL`.execute(
    db,
  );
}
