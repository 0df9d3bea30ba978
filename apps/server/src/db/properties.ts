import { sql } from 'kysely';
import type { Db } from './database.js';

/** Queries of the world tables that the geocoder, the feature loader and the routes share. */

export async function findPropertyRow(db: Db, propertyId: string) {
  return db.selectFrom('properties').selectAll().where('id', '=', propertyId).executeTakeFirst();
}

export async function listBuildings(db: Db, propertyId: string) {
  return db.selectFrom('buildings').selectAll().where('property_id', '=', propertyId).orderBy('rank').execute();
}

export async function listPermits(db: Db, propertyId: string) {
  return db.selectFrom('permits').selectAll().where('property_id', '=', propertyId).orderBy('issued_on').orderBy('id').execute();
}

/** Imagery captures covering a point: its neighbourhood's, plus any imported capture whose bounds contain it. */
export async function listCapturesAt(db: Db, point: { lat: number; lng: number }, neighbourhoodId: string | null) {
  return db
    .selectFrom('imagery_captures')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(neighbourhoodId ? [eb('neighbourhood_id', '=', neighbourhoodId)] : []),
        eb.and([
          eb('south', '<=', point.lat),
          eb('north', '>=', point.lat),
          eb('west', '<=', point.lng),
          eb('east', '>=', point.lng),
        ]),
      ]),
    )
    .orderBy('captured_on')
    .orderBy('kind', 'desc')
    .orderBy('direction')
    .execute();
}

/** Weather events whose bounding box contains the point (callers test the polygon itself). */
export async function listEventsNear(db: Db, point: { lat: number; lng: number }) {
  return db
    .selectFrom('weather_events')
    .selectAll()
    .where('south', '<=', point.lat)
    .where('north', '>=', point.lat)
    .where('west', '<=', point.lng)
    .where('east', '>=', point.lng)
    .orderBy('occurred_on')
    .execute();
}

export async function countWorld(db: Db) {
  const { rows } = await sql<{ properties: number; buildings: number; captures: number }>`
    SELECT (SELECT count(*) FROM properties)::int AS properties, (SELECT count(*) FROM buildings)::int AS buildings,
           (SELECT count(*) FROM imagery_captures)::int AS captures`.execute(db);
  return rows[0]!;
}

/** Properties whose address point lies in the bbox grown by `marginDeg` (parcels reach past their point). */
export async function listPropertyIdsInBBox(db: Db, [west, south, east, north]: [number, number, number, number], marginDeg: number, limit: number) {
  return db
    .selectFrom('properties')
    .select(['id', 'lat', 'lng', 'street_key', 'parcel'])
    .where('lat', '>=', south - marginDeg)
    .where('lat', '<=', north + marginDeg)
    .where('lng', '>=', west - marginDeg)
    .where('lng', '<=', east + marginDeg)
    .orderBy('id')
    .limit(limit)
    .execute();
}
