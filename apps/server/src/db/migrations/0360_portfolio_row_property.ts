import { type Kysely, sql } from 'kysely';

/**
 * `portfolio_rows.geo_property_id`: the property the address geocoder matched a row to. A run then
 * takes it as the row's property instead of finding the parcel under the geocoded point again
 * (indexed-chunk.ts). Rows with their own coordinates keep it null: they are placed by their point.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolio_rows ADD COLUMN geo_property_id text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolio_rows DROP COLUMN geo_property_id`.execute(db);
}
