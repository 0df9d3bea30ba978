import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import zipcodes from 'zipcodes';
import type { Db } from '../../db/database.js';
import {
  houseCandidates,
  nearestHouseOnStreetIn,
  nearestParcelCandidates,
  nearestPropertyPoints,
  parcelCandidatesInBox,
  similarAddresses,
  similarHousesInZip,
  withSimilarityThreshold,
  type ParcelHit,
  type PropertyHit,
} from '../../db/geocoder-match.js';
import { haversineMetres } from '../hazard/geo.js';
import { parseCoordinates, type LatLng } from './coordinates.js';
import { normalizeAddress, type NormalizedAddress } from './normalize.js';

export type GeocodePrecision = 'rooftop' | 'parcel' | 'street' | 'zip' | 'city' | 'point';

export interface GeocodeResult {
  /** The matched property, or null when only a street, ZIP, city or bare point was found. */
  propertyId: string | null;
  /** '1427 Wheatland Ave, Wichita, KS 67203' (null for a bare point). */
  address: string | null;
  lat: number;
  lng: number;
  /** 0–1: how sure the geocoder is that this is the place asked for. */
  confidence: number;
  precision: GeocodePrecision;
  matchedBy: 'exact' | 'fuzzy' | 'street' | 'zip' | 'city' | 'parcel' | 'nearest' | 'point';
  /** Set (true) on a place without a property when no property lies within COVERAGE_METRES of it: see markCoverage. */
  outsideCoverage?: boolean;
}

/** How far (metres) a point may be from a property and still be taken as that property. */
export const NEAREST_PARCEL_METRES = 40;
/**
 * How far (metres) a place may be from the nearest property and still be inside coverage (issue 12).
 * From the world data: a ZIP's neighbourhoods lie on a spiral about 1.3 km apart (world/generate/
 * neighbourhood.ts) and reach a few hundred metres from their centres, so any point among a ZIP's
 * neighbourhoods, between them included, is within about 1 km of a property; imported address
 * files are denser still. A place farther than 2 km from every property is where we have no data:
 * it is outside coverage, not 'no property here'.
 */
export const COVERAGE_METRES = 2000;
/** Said of a place farther than COVERAGE_METRES from every property (lookup and portfolio row). */
export const OUTSIDE_COVERAGE_AREA = 'This location is outside our coverage: we have no properties within 2 km of it.';
/** Trigram similarity a fuzzy candidate needs (pg_trgm.similarity_threshold while searching). */
export const FUZZY_MIN_SIMILARITY = 0.45;

/** A candidate property (the columns db/geocoder-match.ts reads). */
export type { PropertyHit };

export function displayAddress(p: Pick<PropertyHit, 'address_line' | 'city' | 'state' | 'zip'>): string {
  return `${p.address_line}, ${p.city}, ${p.state} ${p.zip}`;
}

function fromHit(
  hit: PropertyHit,
  confidence: number,
  precision: GeocodePrecision,
  matchedBy: GeocodeResult['matchedBy'],
): GeocodeResult {
  return {
    propertyId: hit.id,
    address: displayAddress(hit),
    lat: hit.lat,
    lng: hit.lng,
    confidence: round2(confidence),
    precision,
    matchedBy,
  };
}

/**
 * Resolves a location as the assessment API receives it: an address (free text) or coordinates
 * ('lat,lng'). With locationType 'address', text that is a coordinate pair is still read as one.
 */
export async function geocode(
  db: Db,
  location: string,
  locationType: 'address' | 'coordinates' = 'address',
): Promise<GeocodeResult | null> {
  const point = parseCoordinates(location);
  if (locationType === 'coordinates') return point ? geocodeCoordinates(db, point) : null;
  if (point) return geocodeCoordinates(db, point);
  const found = await geocodeAddress(db, location);
  return found && (await markCoverage(db, [found]))[0]!;
}

/**
 * Marks the places without a property that lie farther than COVERAGE_METRES from every property
 * (`outsideCoverage: true`): one nearest-neighbour probe per such place on the scaled-point index
 * (migration 0310), with the exact distance worked out here. Places with a property are in coverage.
 */
export async function markCoverage(db: Db, results: GeocodeResult[]): Promise<GeocodeResult[]> {
  const bare = results.flatMap((r, i) => (r.propertyId === null ? [i] : []));
  if (!bare.length) return results;
  const rows = await nearestPropertyPoints(
    db,
    bare.map((i) => results[i]!),
  );
  const nearest = new Map(rows.map((r) => [r.index, r]));
  bare.forEach((resultIndex, k) => {
    const result = results[resultIndex]!;
    const near = nearest.get(k);
    if (!near || haversineMetres(result.lat, result.lng, near.lat, near.lng) > COVERAGE_METRES)
      result.outsideCoverage = true;
  });
  return results;
}

/**
 * Address → property: exact match on the normalised address, then fuzzy (trigram similarity,
 * first the house number within the ZIP, then everywhere when the ZIP may be wrong), then the
 * street (nearest house number), ZIP or city.
 */
export async function geocodeAddress(db: Db, text: string): Promise<GeocodeResult | null> {
  const address = normalizeAddress(text);
  if (!address.full) return null;

  const exact = await exactMatch(db, address);
  if (exact) return exact;
  const fuzzy = await fuzzyMatch(db, address);
  if (fuzzy) return fuzzy;
  return geocodeByArea(db, address);
}

/** What is left when no house matched: the street (nearest house number), else the ZIP or city. */
async function geocodeByArea(db: Db, address: NormalizedAddress): Promise<GeocodeResult | null> {
  const street = await streetMatch(db, address);
  if (street) return street;
  return areaMatch(address);
}

async function exactMatch(db: Db, a: NormalizedAddress): Promise<GeocodeResult | null> {
  if (!a.houseNumber || !a.streetKey || !(a.zip || (a.city && a.state))) return null;
  const rows = await houseCandidates(
    db,
    { zip: a.zip, streetKey: a.streetKey, houseNumber: a.houseNumber, city: a.city, state: a.state },
    unitKeyOf(a),
  );
  return exactResult(a, rows);
}

/** The unit as stored rows are compared with it ('APT 4'; '' when the address has none). */
export function unitKeyOf(a: NormalizedAddress): string {
  return a.unit ? `${a.unitType ?? 'UNIT'} ${a.unit}` : '';
}

/**
 * The exact match among the candidates at one house (ordered: the unit asked for first, then the
 * building itself): everything the caller said must agree; each part left out costs a little certainty.
 * Shared by the single and the set-wise geocoder.
 */
export function exactResult(
  a: NormalizedAddress,
  rows: readonly (PropertyHit & { unit: string | null })[],
): GeocodeResult | null {
  if (rows.length === 0) return null;
  const unit = unitKeyOf(a);
  const hit = rows[0]!;
  const unitAgrees = (hit.unit ?? '').toUpperCase() === unit;
  const tail = hit.normalized_address.slice(`${hit.house_number} ${hit.street_key} `.length);
  const cityAgrees =
    !a.city || tail.replace(/^(APT|UNIT|STE|BLDG|FL|RM|LOT|SPC|TRLR|DEPT|PH) \S+ /, '').startsWith(`${a.city} `);
  const stateAgrees = !a.state || hit.state === a.state;
  let confidence = 1;
  if (!a.city) confidence -= 0.03;
  if (!a.state) confidence -= 0.02;
  if (!a.zip) confidence -= 0.03;
  if (!cityAgrees) confidence -= 0.15;
  if (!stateAgrees) confidence -= 0.3;
  if (!unitAgrees) confidence -= a.unit ? 0.05 : 0.1;
  if (rows.length > 1 && !unitAgrees) confidence -= 0.1;
  return fromHit(hit, confidence, 'rooftop', 'exact');
}

async function fuzzyMatch(db: Db, a: NormalizedAddress): Promise<GeocodeResult | null> {
  // Without a house number only a street/area can be meant.
  if (!a.houseNumber) return null;
  const query = a.full;
  const { zip, houseNumber } = a;
  const candidates = await withSimilarityThreshold(db, FUZZY_MIN_SIMILARITY, async (trx) => {
    if (zip) {
      const rows = await similarHousesInZip(trx, zip, houseNumber, query);
      if (!searchEverywhere(a, rows)) return rows;
    }
    return similarAddresses(trx, query);
  });
  return fuzzyResult(a, candidates);
}

/** A candidate within the ZIP this similar is taken without searching everywhere. */
const FUZZY_ZIP_GOOD_ENOUGH = 0.6;

/**
 * Whether the fuzzy search goes on everywhere after the candidates within the address's ZIP (the
 * houses there with its number, best first): only when none of them is close enough and the ZIP
 * itself may be the mistake. A ZIP that belongs to the city the address names is taken as right:
 * a house missing from it is not looked for across the country (a trigram search of every address,
 * which on a national world costs a hundred times the rest of the geocoding).
 */
export function searchEverywhere(a: NormalizedAddress, inZip: readonly { score: number }[]): boolean {
  if (inZip[0] && inZip[0].score >= FUZZY_ZIP_GOOD_ENOUGH) return false;
  return !(a.zip && a.city && a.state && cityZips(a.city, a.state).includes(a.zip));
}

/** The fuzzy match among candidates (best first). Shared by the single and the set-wise geocoder. */
export function fuzzyResult(
  a: NormalizedAddress,
  candidates: readonly (PropertyHit & { score: number })[],
): GeocodeResult | null {
  // The house number must be right: a near-identical string with another number is another house.
  const best = candidates.find((c) => c.house_number === a.houseNumber && c.score >= FUZZY_MIN_SIMILARITY);
  if (!best) return null;
  const runnerUp = candidates.find((c) => c !== best && c.house_number === a.houseNumber);
  let confidence = Math.min(0.9, 0.35 + 0.6 * best.score);
  if (runnerUp && runnerUp.score > best.score - 0.05) confidence -= 0.15;
  return fromHit(best, confidence, 'rooftop', 'fuzzy');
}

/** The street is known but not the house: the house on it with the nearest number. */
async function streetMatch(db: Db, a: NormalizedAddress): Promise<GeocodeResult | null> {
  if (!a.streetKey || !(a.zip || a.city)) return null;
  // Without a ZIP, the city's ZIP codes narrow the search (the zip index instead of a scan).
  const zips = a.zip ? [a.zip] : a.state ? cityZips(a.city!, a.state) : [];
  if (!zips.length) return null;
  const { streetKey } = a;
  const rows = await withSimilarityThreshold(db, STREET_MIN_SIMILARITY, (trx) =>
    nearestHouseOnStreetIn(trx, zips, streetKey, houseNumberValue(a)),
  );
  return rows[0] ? streetResult(rows[0]) : null;
}

/** Trigram similarity a street needs to be taken for the one asked for (pg_trgm.similarity_threshold while searching). */
export const STREET_MIN_SIMILARITY = 0.5;

/** The number of a house number ('12B' → 12), what the nearest house is measured by. */
export const houseNumberValue = (a: NormalizedAddress) => Number.parseInt(a.houseNumber ?? '0', 10) || 0;

/** The result of the street step for the house it found. */
export const streetResult = (hit: PropertyHit & { score: number }) =>
  fromHit(hit, 0.45 + 0.2 * hit.score, 'street', 'street');

/** The ZIP codes of a city (remembered: `zipcodes` scans its whole list per name). */
function cityZips(city: string, state: string): string[] {
  const key = `${city}|${state}`;
  let zips = cityZipCache.get(key);
  if (!zips) {
    const found = zipcodes
      .lookupByName(city.replace(/^SAINT /, 'St '), state)
      .concat(zipcodes.lookupByName(city, state));
    zips = [...new Set(found.map((z) => z.zip))];
    if (cityZipCache.size >= 10_000) cityZipCache.clear();
    cityZipCache.set(key, zips);
  }
  return zips;
}
const cityZipCache = new Map<string, string[]>();

/** Only a ZIP or a city: its centroid (real ZIP centroids from the `zipcodes` package). */
export function areaMatch(a: NormalizedAddress): GeocodeResult | null {
  if (a.zip) {
    const zip = zipcodes.lookup(a.zip);
    if (zip)
      return {
        propertyId: null,
        address: `${zip.city}, ${zip.state} ${zip.zip}`,
        lat: zip.latitude,
        lng: zip.longitude,
        confidence: a.houseNumber ? 0.3 : 0.6,
        precision: 'zip',
        matchedBy: 'zip',
      };
  }
  if (a.city && a.state) {
    const zips = cityZips(a.city, a.state).map((zip) => zipcodes.lookup(zip)!);
    if (zips.length) {
      const lat = zips.reduce((s, z) => s + z.latitude, 0) / zips.length;
      const lng = zips.reduce((s, z) => s + z.longitude, 0) / zips.length;
      return {
        propertyId: null,
        address: `${zips[0]!.city}, ${zips[0]!.state}`,
        lat: round6(lat),
        lng: round6(lng),
        confidence: a.houseNumber ? 0.2 : 0.5,
        precision: 'city',
        matchedBy: 'city',
      };
    }
  }
  return null;
}

/**
 * Coordinates → the parcel that contains them (point in polygon), else the nearest property
 * within NEAREST_PARCEL_METRES, else the bare point. A bounding box on the (lat, lng) index
 * prefilters the candidates; no PostGIS needed.
 */
export async function geocodeCoordinates(db: Db, point: LatLng): Promise<GeocodeResult> {
  const { dLat, dLng } = searchBox(point.lat);
  const rows = await parcelCandidatesInBox(db, {
    minLat: point.lat - dLat,
    maxLat: point.lat + dLat,
    minLng: point.lng - dLng,
    maxLng: point.lng + dLng,
  });
  return (await markCoverage(db, [pickPropertyAt(point, rows)]))[0]!;
}

/** Candidates per point in the set-wise search: the nearest address points (a parcel containing the point is its own or a neighbour's). */
const CANDIDATES_PER_POINT = 4;

/**
 * geocodeCoordinates for many points in one query (batch work): each point's nearest property
 * address points in the same bounding box (LATERAL over the (lat, lng) index), then the same
 * choice (containing parcel, else nearest within NEAREST_PARCEL_METRES, else the bare point).
 * Results are in the order of `points`.
 */
export async function geocodeCoordinatesMany(db: Db, points: readonly LatLng[]): Promise<GeocodeResult[]> {
  // First a small box (most points are on or beside a property: a short index range per point),
  // then the full box of geocodeCoordinates for the points that found nothing in it.
  const results = await candidatesMany(db, points, NEAR_BOX_DEG).then((found) =>
    points.map((point, i) => pickPropertyAt(point, found[i]!)),
  );
  const missed = results.flatMap((result, i) => (result.propertyId === null ? [i] : []));
  if (missed.length) {
    const found = await candidatesMany(
      db,
      missed.map((i) => points[i]!),
      searchBox(0).dLat,
      4 * CANDIDATES_PER_POINT,
    );
    missed.forEach((index, k) => (results[index] = pickPropertyAt(points[index]!, found[k]!)));
  }
  return markCoverage(db, results);
}

/** The small first box of the set-wise search (~110 m north–south). */
const NEAR_BOX_DEG = 0.001;

async function candidatesMany(
  db: Db,
  points: readonly LatLng[],
  dLat: number,
  limit = CANDIDATES_PER_POINT,
): Promise<ParcelHit[][]> {
  const candidates: ParcelHit[][] = points.map(() => []);
  if (!points.length) return candidates;
  const rows = await nearestParcelCandidates(db, points, dLat, limit);
  for (const row of rows) candidates[row.index]!.push(row);
  return candidates;
}

function searchBox(lat: number) {
  const dLat = 0.004;
  return { dLat, dLng: dLat / Math.max(0.2, Math.cos((lat * Math.PI) / 180)) };
}

/** The parcel containing the point, else the nearest property within NEAREST_PARCEL_METRES, else the bare point. */
function pickPropertyAt(point: LatLng, rows: readonly ParcelHit[]): GeocodeResult {
  const at: [number, number] = [point.lng, point.lat];
  const containing = rows.find((row) => row.parcel && booleanPointInPolygon(at, row.parcel));
  if (containing) return fromHit(containing, 1, 'parcel', 'parcel');
  let nearest: ParcelHit | undefined;
  let nearestMetres = Infinity;
  for (const row of rows) {
    const d = haversineMetres(point.lat, point.lng, row.lat, row.lng);
    if (d < nearestMetres) {
      nearest = row;
      nearestMetres = d;
    }
  }
  if (nearest && nearestMetres <= NEAREST_PARCEL_METRES) {
    return fromHit(nearest, 0.9 - 0.4 * (nearestMetres / NEAREST_PARCEL_METRES), 'parcel', 'nearest');
  }
  return {
    propertyId: null,
    address: null,
    lat: point.lat,
    lng: point.lng,
    confidence: 1,
    precision: 'point',
    matchedBy: 'point',
  };
}

function round2(x: number) {
  return Math.round(Math.max(0, Math.min(1, x)) * 100) / 100;
}

function round6(x: number) {
  return Math.round(x * 1e6) / 1e6;
}
