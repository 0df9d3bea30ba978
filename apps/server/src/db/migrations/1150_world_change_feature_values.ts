import { type Kysely, sql } from 'kysely';

/**
 * Issue 41: a permit or a correction records which building features it moved on which property
 * and from what to what (`feature_changes`: property id → [{name, from, to}], e.g. roof_material
 * from asphalt to metal), so a score change it caused says why in those words, in the changes view
 * and the /v1 feed (read through the change's world_change_id; score changes stay immutable).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE world_changes ADD COLUMN feature_changes jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE world_changes DROP COLUMN IF EXISTS feature_changes`.execute(db);
}
