import { type Kysely, sql } from 'kysely';

/**
 * Issue 39: customer (organisation) names are unique, ignoring case, as the staff console already
 * checked before inserting: 20 parallel creates of one name passed that check together and made
 * 20 customers. The index decides instead (the loser answers 409). Names already repeated keep
 * their oldest holder; the others get their id appended.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE organizations o SET name = o.name || ' (' || o.id || ')'
    WHERE EXISTS (SELECT 1 FROM organizations p WHERE lower(p.name) = lower(o.name) AND p.id < o.id)`.execute(db);
  await sql`CREATE UNIQUE INDEX organizations_name_unique ON organizations (lower(name))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX organizations_name_unique`.execute(db);
}
