import { sql, type RawBuilder } from 'kysely';
import type { Db } from './database.js';

/** Queries of the world tables that the geocoder, the feature loader and the routes share. */

export async function findPropertyRow(db: Db, propertyId: string) {
  return db.selectFrom('properties').selectAll().where('id', '=', propertyId).executeTakeFirst();
}

/** A property's id and point (the changes view places its before/after imagery there). */
export function findPropertyPoint(db: Db, propertyId: string) {
  return db.selectFrom('properties').select(['id', 'lat', 'lng']).where('id', '=', propertyId).executeTakeFirst();
}

/** The first properties of the world in id order, as an address line and a point (the lookup warm-up). */
export async function firstPropertyAddresses(db: Db, limit: number) {
  const rows = await db
    .selectFrom('properties')
    .select(['address_line', 'city', 'state', 'zip', 'lat', 'lng'])
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ address: `${r.address_line}, ${r.city}, ${r.state} ${r.zip}`, lat: r.lat, lng: r.lng }));
}

/**
 * Up to `limit` properties inside the bounding box of a weather event, one per event, oldest
 * event first: start-up's warm-up looks them up so that the event-matching code runs (the first
 * properties by id may have none).
 */
export async function propertyAddressesUnderWeatherEvents(db: Db, limit: number) {
  const { rows } = await sql<{
    address_line: string;
    city: string;
    state: string;
    zip: string;
    lat: number;
    lng: number;
  }>`
    SELECT p.address_line, p.city, p.state, p.zip, p.lat, p.lng
      FROM (SELECT * FROM weather_events ORDER BY occurred_on, id LIMIT ${limit}) e
      CROSS JOIN LATERAL (
        SELECT address_line, city, state, zip, lat, lng FROM properties
         WHERE lat BETWEEN e.south AND e.north AND lng BETWEEN e.west AND e.east
         ORDER BY id LIMIT 1) p`.execute(db);
  return rows.map((r) => ({ address: `${r.address_line}, ${r.city}, ${r.state} ${r.zip}`, lat: r.lat, lng: r.lng }));
}

export async function listBuildings(db: Db, propertyId: string) {
  return db.selectFrom('buildings').selectAll().where('property_id', '=', propertyId).orderBy('rank').execute();
}

export async function listPermits(db: Db, propertyId: string) {
  return db
    .selectFrom('permits')
    .selectAll()
    .where('property_id', '=', propertyId)
    .orderBy('issued_on')
    .orderBy('id')
    .execute();
}

/** Imagery captures covering a point: its neighbourhood's, plus any imported capture whose bounds contain it. */
export async function listCapturesAt(db: Db, point: { lat: number; lng: number }, neighbourhoodId: string | null) {
  return capturesAt(db, point, neighbourhoodId === null ? null : sql<string>`${neighbourhoodId}`);
}

/** One capture row by id (drawn or imported, ortho or oblique), or undefined. */
export async function findCaptureById(db: Db, captureId: string) {
  return db.selectFrom('imagery_captures').selectAll().where('id', '=', captureId).executeTakeFirst();
}

/** listCapturesAt of a property known by id, without reading its row first (its neighbourhood is a subquery). */
export async function listCapturesOfProperty(db: Db, propertyId: string, point: { lat: number; lng: number }) {
  return capturesAt(db, point, sql<string>`(SELECT neighbourhood_id FROM properties WHERE id = ${propertyId})`);
}

async function capturesAt(db: Db, point: { lat: number; lng: number }, neighbourhoodId: RawBuilder<string> | null) {
  // Two indexed selects (UNION ALL, one round trip) rather than one OR, which would scan every capture's bounds.
  const imported = db
    .selectFrom('imagery_captures')
    .selectAll()
    .where('source', '=', 'imported')
    .where('south', '<=', point.lat)
    .where('north', '>=', point.lat)
    .where('west', '<=', point.lng)
    .where('east', '>=', point.lng);
  const rows = neighbourhoodId
    ? await db
        .selectFrom('imagery_captures')
        .selectAll()
        .where('neighbourhood_id', '=', neighbourhoodId)
        .unionAll(imported)
        .execute()
    : await imported.execute();
  const byId = new Map(rows.map((c) => [c.id, c]));
  const order = (c: (typeof rows)[number]) =>
    `${c.captured_on.toISOString()}|${c.kind === 'ortho' ? 0 : 1}|${c.direction ?? ''}`;
  return [...byId.values()].sort((a, b) => order(a).localeCompare(order(b)));
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
export async function listPropertyIdsInBBox(
  db: Db,
  [west, south, east, north]: [number, number, number, number],
  marginDeg: number,
  limit: number,
) {
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

/* Set-wise reads for batch work (the portfolio pipeline): one query per table for many properties. */

export async function findPropertyRows(db: Db, propertyIds: readonly string[]) {
  if (!propertyIds.length) return [];
  return db
    .selectFrom('properties')
    .selectAll()
    .where(sql<boolean>`id = any(${[...propertyIds]}::text[])`)
    .execute();
}

export async function listBuildingsOf(db: Db, propertyIds: readonly string[]) {
  if (!propertyIds.length) return [];
  return db
    .selectFrom('buildings')
    .selectAll()
    .where(sql<boolean>`property_id = any(${[...propertyIds]}::text[])`)
    .orderBy('property_id')
    .orderBy('rank')
    .execute();
}

export async function listPermitsOf(db: Db, propertyIds: readonly string[]) {
  if (!propertyIds.length) return [];
  return db
    .selectFrom('permits')
    .selectAll()
    .where(sql<boolean>`property_id = any(${[...propertyIds]}::text[])`)
    .orderBy('property_id')
    .orderBy('issued_on')
    .orderBy('id')
    .execute();
}

/** The capture dates and kinds of neighbourhoods (what feature dating needs, not the files). */
export async function listCaptureDatesOf(db: Db, neighbourhoodIds: readonly string[]) {
  if (!neighbourhoodIds.length) return [];
  return db
    .selectFrom('imagery_captures')
    .select(['neighbourhood_id', 'kind', 'captured_on'])
    .distinct()
    .where(sql<boolean>`neighbourhood_id = any(${[...neighbourhoodIds]}::text[])`)
    .execute();
}

/** Imported captures (kind, date) whose bounds contain each point: `index` is the point's position. */
export async function listImportedCaptureDatesAt(db: Db, points: readonly { lat: number; lng: number }[]) {
  if (!points.length) return [];
  const { rows } = await sql<{ index: number; kind: 'ortho' | 'oblique'; captured_on: Date }>`
    SELECT q.i::int - 1 AS index, c.kind, c.captured_on
    FROM unnest(${points.map((p) => p.lat)}::float8[], ${points.map((p) => p.lng)}::float8[]) WITH ORDINALITY AS q(lat, lng, i)
    JOIN imagery_captures c ON c.source = 'imported' AND c.south <= q.lat AND c.north >= q.lat AND c.west <= q.lng AND c.east >= q.lng`.execute(
    db,
  );
  return rows;
}
