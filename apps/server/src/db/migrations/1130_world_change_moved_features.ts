import { type Kysely, sql } from 'kysely';

/**
 * Issue 41: a world change records which features it moved on which property (a capture that
 * replaced a roof: roof_install_year, roof_condition), so the monitoring engine can tell whether
 * it contradicts a published appeal. Null: not known (imagery imported without features, a permit
 * or a correction named only by its properties). And an index of appeal versions by property.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE world_changes ADD COLUMN moved_features jsonb`.execute(db);
  // The engine reads the appeals of a page of properties (an appealed row keeps the appeal's
  // outcome): by property, not by organisation first.
  await sql`CREATE INDEX appeal_score_versions_property ON appeal_score_versions (property_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS appeal_score_versions_property`.execute(db);
  await sql`ALTER TABLE world_changes DROP COLUMN IF EXISTS moved_features`.execute(db);
}
