import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * What the street base map draws of an area, read from the world tables (generated or imported
 * alike): address points with their street and parcel, building outlines, neighbourhood names.
 * Lighter than the imagery scene (no per-property features), so a zoom-16 tile can hold a few
 * thousand lots.
 */
export async function listBasemapRows(
  db: Db,
  [west, south, east, north]: [number, number, number, number],
  limit: number,
) {
  const properties = await db
    .selectFrom('properties')
    .select(['id', 'lat', 'lng', 'street', 'street_key', 'house_number', 'parcel'])
    .where('lat', '>=', south)
    .where('lat', '<=', north)
    .where('lng', '>=', west)
    .where('lng', '<=', east)
    .orderBy('id')
    .limit(limit)
    .execute();
  const ids = properties.map((p) => p.id);
  const [buildings, places] = await Promise.all([
    ids.length
      ? db
          .selectFrom('buildings')
          .select(['property_id', 'outline'])
          .where(sql<boolean>`property_id = any(${ids}::text[])`)
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom('neighbourhoods')
      .select(['id', 'name', 'city', 'center_lat', 'center_lng'])
      .where('west', '<=', east)
      .where('east', '>=', west)
      .where('south', '<=', north)
      .where('north', '>=', south)
      .orderBy('id')
      .limit(200)
      .execute(),
  ]);
  return { properties, buildings, places };
}
