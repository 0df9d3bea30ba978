import { type Kysely, sql } from 'kysely';

/**
 * Issue 41, the diff of a run and the book now at the size of a book: a monitored product
 * remembers the last score change recorded before its rows were copied from its base run
 * (`changes_after`). The book now is then its base run and the score changes after that id (found
 * by the changes' portfolio index), and its diff to a run is composed from those, not the whole book
 * joined against the run. Products monitored before this migration say null (not known): their
 * diff to now is joined row by row as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE monitored_products ADD COLUMN changes_after bigint`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE monitored_products DROP COLUMN IF EXISTS changes_after`.execute(db);
}
