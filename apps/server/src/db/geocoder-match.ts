import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { Db } from './database.js';
import type { PropertiesTable } from './world-schema.js';

/**
 * Queries of the geocoder (domain/geocoder/match.ts and match-many.ts decide which to ask, in what
 * order, and what their candidates mean). Statements are those the lookup path was measured with:
 * change them only with the lookup bench (docs/performance).
 */

/** A candidate property: the columns of HIT_COLUMNS, typed by the world table (db/world-schema.ts). */
export type PropertyHit = Pick<
  Selectable<PropertiesTable>,
  | 'id'
  | 'address_line'
  | 'city'
  | 'state'
  | 'zip'
  | 'lat'
  | 'lng'
  | 'house_number'
  | 'street_key'
  | 'normalized_address'
>;

/** A candidate property with its parcel (the coordinate search). */
export type ParcelHit = PropertyHit & Pick<Selectable<PropertiesTable>, 'parcel'>;

export const HIT_COLUMNS = sql`id, address_line, city, state, zip, lat, lng, house_number, street_key, normalized_address`;

/**
 * The nearest property's point to each of `points` (index: its position in `points`): one
 * nearest-neighbour probe per point on the scaled-point index (migration 0310).
 */
export async function nearestPropertyPoints(db: Db, points: readonly { lat: number; lng: number }[]) {
  const { rows } = await sql<{ index: number; lat: number; lng: number }>`
    SELECT q.i::int - 1 AS index, p.lat, p.lng
    FROM unnest(${points.map((p) => p.lat)}::float8[], ${points.map((p) => p.lng)}::float8[]) WITH ORDINALITY AS q(lat, lng, i)
    CROSS JOIN LATERAL (
      SELECT lat, lng FROM properties ORDER BY point(lng * cos(radians(lat)), lat) <-> point(q.lng * cos(radians(q.lat)), q.lat) LIMIT 1
    ) p`.execute(db);
  return rows;
}

/** Where a house is asked for: its number and street, in a ZIP or in a city and state. */
export interface HouseQuery {
  zip?: string;
  streetKey: string;
  houseNumber: string;
  city?: string;
  state?: string;
}

/**
 * Up to five properties at the house (by ZIP when there is one, else by the city and state in the
 * normalised address). Several units may share a house number: the one asked for (`unit`, '' for
 * none) first, then the building itself.
 */
export async function houseCandidates(db: Db, a: HouseQuery, unit: string) {
  const { rows } = a.zip
    ? await sql<PropertyHit & { unit: string | null }>`SELECT ${HIT_COLUMNS}, unit FROM properties
        WHERE zip = ${a.zip} AND street_key = ${a.streetKey} AND house_number = ${a.houseNumber}
        ORDER BY upper(coalesce(unit, '')) = ${unit} DESC, unit IS NULL DESC, id LIMIT 5`.execute(db)
    : await sql<PropertyHit & { unit: string | null }>`SELECT ${HIT_COLUMNS}, unit FROM properties
        WHERE normalized_address LIKE ${`${a.houseNumber} ${a.streetKey} %${a.city} ${a.state} %`}
        ORDER BY upper(coalesce(unit, '')) = ${unit} DESC, unit IS NULL DESC, id LIMIT 5`.execute(db);
  return rows;
}

/**
 * Runs `work` in a transaction whose pg_trgm.similarity_threshold (what `%` takes as similar) is
 * `threshold`: SET LOCAL, so the setting ends with the transaction and no pooled connection keeps it.
 */
export function withSimilarityThreshold<T>(db: Db, threshold: number, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL pg_trgm.similarity_threshold = ${sql.lit(threshold)}`.execute(trx);
    return work(trx);
  });
}

/** The five addresses most similar to `query` among the houses numbered `houseNumber` in the ZIP, best first. */
export async function similarHousesInZip(db: Db, zip: string, houseNumber: string, query: string) {
  const { rows } = await sql<PropertyHit & { score: number }>`
        SELECT ${HIT_COLUMNS}, similarity(normalized_address, ${query}) AS score FROM properties
        WHERE zip = ${zip} AND house_number = ${houseNumber} ORDER BY score DESC LIMIT 5`.execute(db);
  return rows;
}

/** The five addresses most similar to `query` anywhere, above the similarity threshold (withSimilarityThreshold), best first. */
export async function similarAddresses(db: Db, query: string) {
  const { rows } = await sql<PropertyHit & { score: number }>`
      SELECT ${HIT_COLUMNS}, similarity(normalized_address, ${query}) AS score FROM properties
      WHERE normalized_address % ${query} ORDER BY score DESC LIMIT 5`.execute(db);
  return rows;
}

/**
 * The query of the street step (shared by the single and the set-wise geocoder): of the streets in
 * `zips` most like `streetKey`, the house with the number nearest `number`. The streets come from
 * street_names (a ZIP has a few dozen, against hundreds of houses to compare one by one), then
 * their houses from the (zip, street_key) index.
 */
export function nearestHouseOnStreet(
  zips: RawBuilder<unknown>,
  streetKey: RawBuilder<unknown>,
  number: RawBuilder<unknown>,
) {
  return sql`
    SELECT ${HIT_COLUMNS}, similarity(street_key, ${streetKey}) AS score
    FROM (SELECT DISTINCT zip AS matched_zip, street_key AS matched_street FROM street_names WHERE zip IN (${zips}) AND street_key % ${streetKey}) s
    JOIN properties ON zip = matched_zip AND street_key = matched_street
    ORDER BY score DESC, abs(coalesce(nullif(regexp_replace(house_number, '\\D', '', 'g'), '')::bigint, 0) - ${number}), id LIMIT 1`;
}

/** The street step for one address: the house on the street of `zips` most like `streetKey` with the number nearest `number`. */
export async function nearestHouseOnStreetIn(db: Db, zips: string[], streetKey: string, number: number) {
  const { rows } = await sql<
    PropertyHit & { score: number }
  >`${nearestHouseOnStreet(sql.join(zips), sql`${streetKey}`, sql`${number}`)}`.execute(db);
  return rows;
}

/** The properties (with parcels) whose points lie in the box. */
export async function parcelCandidatesInBox(
  db: Db,
  box: { minLat: number; maxLat: number; minLng: number; maxLng: number },
): Promise<ParcelHit[]> {
  const { rows } = await sql<ParcelHit>`
    SELECT ${HIT_COLUMNS}, parcel FROM properties
    WHERE lat BETWEEN ${box.minLat} AND ${box.maxLat} AND lng BETWEEN ${box.minLng} AND ${box.maxLng}`.execute(db);
  return rows;
}

/**
 * Up to `limit` properties (with parcels) nearest each of `points` within a square box of
 * ±`dLat` degrees (index: the point's position in `points`).
 */
export async function nearestParcelCandidates(
  db: Db,
  points: readonly { lat: number; lng: number }[],
  dLat: number,
  limit: number,
) {
  // Nearest first along the GiST index of scaled points (migration 0310): x = lng · cos(lat), so
  // the square box and the distance are in (locally) equal units north–south and east–west.
  const { rows } = await sql<ParcelHit & { index: number }>`
    SELECT q.i::int - 1 AS index, p.*
    FROM unnest(${points.map((p) => p.lat)}::float8[], ${points.map((p) => p.lng)}::float8[]) WITH ORDINALITY AS q(lat, lng, i)
    CROSS JOIN LATERAL (SELECT q.lng * cos(radians(q.lat)) AS x) s
    CROSS JOIN LATERAL (
      SELECT ${HIT_COLUMNS}, parcel FROM properties
      WHERE point(lng * cos(radians(lat)), lat) <@ box(point(s.x - ${dLat}::float8, q.lat - ${dLat}::float8), point(s.x + ${dLat}::float8, q.lat + ${dLat}::float8))
      ORDER BY point(lng * cos(radians(lat)), lat) <-> point(s.x, q.lat)
      LIMIT ${limit}
    ) p`.execute(db);
  return rows;
}
