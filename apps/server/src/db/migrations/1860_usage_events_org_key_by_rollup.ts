import { type Kysely, sql } from 'kysely';

/**
 * usage_events checked its organisation by a foreign key per row: a property lookup writes seven
 * rows (one per product), so seven index probes and seven FOR KEY SHARE locks of the same
 * organisation row per lookup; overlapping group commits from several backends lock that row
 * together, which makes PostgreSQL create a multixact for it each time. Measured with
 * bench/lookup-write-cost.ts (3 writers at once, same run, load 10): PostgreSQL's CPU per lookup
 * 0.207 → 0.163–0.180 ms at batches of 5, 0.148 → 0.130 at batches of 10 (issue 46).
 *
 * Nothing is lost by dropping it:
 * - an insert for an organisation that does not exist still fails: the same statement's rollup
 *   trigger (0501) writes its usage_rollup rows, whose foreign key checks the organisation once
 *   per organisation and product of the statement, and the whole statement fails with it;
 * - deleting an organisation still deletes its usage, now by the statement-level trigger below
 *   (usage_rollup's own foreign key still cascades its rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE usage_events DROP CONSTRAINT usage_events_organization_id_fkey`.execute(db);
  await sql`
    CREATE FUNCTION zview_delete_organization_usage() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM usage_events WHERE organization_id IN (SELECT id FROM old_rows);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER organizations_delete_usage AFTER DELETE ON organizations
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION zview_delete_organization_usage()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER organizations_delete_usage ON organizations`.execute(db);
  await sql`DROP FUNCTION zview_delete_organization_usage()`.execute(db);
  await sql`
    ALTER TABLE usage_events ADD CONSTRAINT usage_events_organization_id_fkey
    FOREIGN KEY (organization_id) REFERENCES organizations(id) ON DELETE CASCADE`.execute(db);
}
