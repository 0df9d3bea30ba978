import { type Kysely, sql } from 'kysely';

/**
 * Issue 22: rows that give their own coordinates are placed on their parcel at ingest, by the
 * worker that parses them anyway, from an in-memory copy of `placement_cells`
 * (domain/portfolio/parcel-grid.ts, the same rule as the chunk query's `parcel @> point`).
 * `portfolio_rows.placed_property_id` is that parcel's property (null: no simple parcel contains
 * the point, or the row was not placed at ingest), and `portfolios.placed_world_revision` the world
 * revision those placements hold for: a run trusts them only while the world is still at that
 * revision, and places the points in SQL otherwise. Kept apart from geo_property_id, which is the
 * property the address geocoder matched (the combined export names its address).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolio_rows ADD COLUMN placed_property_id text`.execute(db);
  await sql`ALTER TABLE portfolios ADD COLUMN placed_world_revision bigint`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolios DROP COLUMN placed_world_revision`.execute(db);
  await sql`ALTER TABLE portfolio_rows DROP COLUMN placed_property_id`.execute(db);
}
