import { type Kysely, sql } from 'kysely';

/**
 * Issue 22: the score index's property ids compare byte by byte (COLLATE "C"). A run probes its
 * build's key once per row on a large world, and each probe compared ids with the database's
 * collation (C.UTF-8 through the C library's strcoll, about a tenth of a run's PostgreSQL time):
 * 25,000 probes took 60 ms, 50 ms byte by byte. Ids are ASCII, so no order anyone reads changes; a
 * comparison with an id of another column (a row's property, in the default collation) takes the
 * column's collation, so the key still serves it. The type is the same: no table is rewritten,
 * the keys are rebuilt (~3 s for five builds of a million properties).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE score_index ALTER COLUMN property_id TYPE text COLLATE "C"`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE score_index ALTER COLUMN property_id TYPE text COLLATE "default"`.execute(db);
}
