import { sql } from 'kysely';
import type { Db } from './database.js';
import { HIT_COLUMNS, nearestHouseOnStreet, type PropertyHit } from './geocoder-match.js';

/**
 * Set-wise queries of the geocoder (domain/geocoder/match-many.ts): each takes the chunk's
 * addresses as parallel columns (unnest WITH ORDINALITY, one round trip for the set) and answers
 * rows tagged with `index`, the address's position in those columns.
 */

type Indexed<T> = T & { index: number };

/** The houses asked for: ZIP, street key, house number and unit key ('' for none), by position. */
export interface HouseColumns {
  zips: string[];
  streetKeys: string[];
  houseNumbers: string[];
  units: string[];
}

/** Up to five candidates at each house (same ZIP, street and number), the unit asked for first, in index order. */
export async function houseCandidatesMany(db: Db, houses: HouseColumns) {
  const { rows } = await sql<Indexed<PropertyHit & { unit: string | null }>>`
    SELECT q.i::int - 1 AS index, p.*
    FROM unnest(${houses.zips}::bpchar[], ${houses.streetKeys}::text[], ${houses.houseNumbers}::text[],
                ${houses.units}::text[]) WITH ORDINALITY AS q(zip, street_key, house_number, unit, i)
    CROSS JOIN LATERAL (
      SELECT ${HIT_COLUMNS}, unit FROM properties
      WHERE zip = q.zip AND street_key = q.street_key AND house_number = q.house_number
      ORDER BY upper(coalesce(unit, '')) = q.unit DESC, unit IS NULL DESC, id LIMIT 5
    ) p
    ORDER BY 1`.execute(db);
  return rows;
}

/** The first candidate at each house (the unit asked for, then the building itself, then the lowest id): id and point only. */
export async function housePlacesMany(db: Db, houses: HouseColumns) {
  const { rows } = await sql<{ index: number; id: string; lat: number; lng: number }>`
    SELECT q.i::int - 1 AS index, p.id, p.lat, p.lng
    FROM unnest(${houses.zips}::bpchar[], ${houses.streetKeys}::text[], ${houses.houseNumbers}::text[],
                ${houses.units}::text[]) WITH ORDINALITY AS q(zip, street_key, house_number, unit, i)
    CROSS JOIN LATERAL (
      SELECT id, lat, lng FROM properties
      WHERE zip = q.zip AND street_key = q.street_key AND house_number = q.house_number
      ORDER BY upper(coalesce(unit, '')) = q.unit DESC, unit IS NULL DESC, id LIMIT 1
    ) p`.execute(db);
  return rows;
}

/**
 * The street step (nearestHouseOnStreet) for each (ZIP, street key, house number value), in one
 * query; run it withSimilarityThreshold (the street threshold).
 */
export async function nearestHousesOnStreetsMany(
  db: Db,
  streets: { zips: string[]; streetKeys: string[]; numbers: number[] },
) {
  const { rows } = await sql<Indexed<PropertyHit & { score: number }>>`
      SELECT q.i::int - 1 AS index, h.*
      FROM unnest(${streets.zips}::bpchar[], ${streets.streetKeys}::text[], ${streets.numbers}::bigint[]) WITH ORDINALITY AS q(zip, street_key, number, i)
      CROSS JOIN LATERAL (${nearestHouseOnStreet(sql`q.zip`, sql`q.street_key`, sql`q.number`)}) h`.execute(db);
  return rows;
}

/**
 * The five addresses most similar to each full address, best first: among the houses with its
 * number in its ZIP ('zip'), or anywhere above the similarity threshold ('anywhere'); run it
 * withSimilarityThreshold (the fuzzy threshold).
 */
export async function similarAddressesMany(
  db: Db,
  addresses: { fulls: string[]; zips: (string | null)[]; houseNumbers: (string | null)[] },
  scope: 'zip' | 'anywhere',
) {
  const where =
    scope === 'zip' ? sql`zip = q.zip AND house_number = q.house_number` : sql`normalized_address % q.full_address`;
  const { rows } = await sql<Indexed<PropertyHit & { score: number }>>`
      SELECT q.i::int - 1 AS index, p.*
      FROM unnest(${addresses.fulls}::text[], ${addresses.zips}::bpchar[], ${addresses.houseNumbers}::text[]) WITH ORDINALITY AS q(full_address, zip, house_number, i)
      CROSS JOIN LATERAL (
        SELECT ${HIT_COLUMNS}, similarity(normalized_address, q.full_address) AS score FROM properties
        WHERE ${where} ORDER BY score DESC LIMIT 5
      ) p
      ORDER BY 1, p.score DESC`.execute(db);
  return rows;
}
