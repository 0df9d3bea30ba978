import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import { geocodeCoordinatesMany } from '../../src/domain/geocoder/index.js';

/**
 * Four street-side points, each just off a property's parcel and in no parcel, with the property
 * the exact rule (the nearest within 40 m) places each on: only the worker's placing can place
 * them, which the switch-on's SQL copy cannot repeat (placing.test.ts, catch-up.test.ts).
 */
export async function streetSidePoints(db: Db) {
  const { rows: street } = await sql<{ lat: number; lng: number }>`
    SELECT lat, lng FROM (
      SELECT p.id, ((box(zview_simple_parcel(p.parcel)))[0])[1] + 0.00002 AS lat, p.lng
      FROM properties p WHERE zview_simple_parcel(p.parcel) IS NOT NULL) c
    WHERE NOT EXISTS (SELECT 1 FROM properties q WHERE zview_simple_parcel(q.parcel) @> point(c.lng, c.lat))
    ORDER BY id LIMIT 4`.execute(db);
  const ids = (await geocodeCoordinatesMany(db, street)).map((hit) => hit.propertyId!);
  return { street, ids };
}
