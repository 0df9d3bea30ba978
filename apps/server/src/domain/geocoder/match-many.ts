import type { Db } from '../../db/database.js';
import { withSimilarityThreshold } from '../../db/geocoder-match.js';
import {
  houseCandidatesMany,
  housePlacesMany,
  nearestHousesOnStreetsMany,
  similarAddressesMany,
  type HouseColumns,
} from '../../db/geocoder-match-many.js';
import {
  areaMatch,
  exactResult,
  FUZZY_MIN_SIMILARITY,
  fuzzyResult,
  geocodeAddress,
  houseNumberValue,
  searchEverywhere,
  STREET_MIN_SIMILARITY,
  streetResult,
  type GeocodeResult,
  type PropertyHit,
  unitKeyOf,
} from './match.js';
import { normalizeAddress, type NormalizedAddress } from './normalize.js';

/** How many addresses without a ZIP (the single-address path) are resolved at once. */
const FALLBACK_CONCURRENCY = 4;

/** Where an address is, and how precisely: what a portfolio chunk stores (placeAddressesMany). */
export type AddressPlace = Pick<GeocodeResult, 'propertyId' | 'lat' | 'lng' | 'precision'>;

/**
 * geocodeAddress for many addresses at once (portfolio chunks): the same steps, confidences and
 * precisions, set-wise. Addresses are parsed and normalised here in Node (domain/geocoder's
 * parser), identical ones are looked up once, then one query finds the exact matches (unnest of
 * the chunk's ZIP / street / house number against the address index), one the fuzzy matches
 * of the house number within their ZIP (trigram similarity), one the fuzzy matches everywhere for
 * those still unplaced whose ZIP may be wrong (searchEverywhere), one the street of those no house
 * matched (else their ZIP or city); only addresses without a ZIP go through the single-address
 * geocoder. Results are in the order of `texts`; null = not found.
 */
export function geocodeAddressesMany(db: Db, texts: readonly string[]): Promise<(GeocodeResult | null)[]> {
  return resolveMany(db, texts, 'full') as Promise<(GeocodeResult | null)[]>;
}

/**
 * geocodeAddressesMany when only the place is wanted (a portfolio chunk stores the property, its
 * point and the precision): the same answers, but an exact match (nine addresses in ten) reads
 * only the chosen property's id and point from PostgreSQL, not the five candidates' addresses
 * the confidence and the display address are made from (a third of the chunk's geocoding CPU).
 */
export function placeAddressesMany(db: Db, texts: readonly string[]): Promise<(AddressPlace | null)[]> {
  return resolveMany(db, texts, 'place');
}

async function resolveMany(
  db: Db,
  texts: readonly string[],
  detail: 'full' | 'place',
): Promise<(GeocodeResult | AddressPlace | null)[]> {
  // Identical addresses (after normalising) share one lookup.
  const unique = new Map<
    string,
    { text: string; address: NormalizedAddress; result: GeocodeResult | AddressPlace | null; done: boolean }
  >();
  const keys = texts.map((text) => {
    const address = normalizeAddress(text);
    if (!unique.has(address.full)) unique.set(address.full, { text, address, result: null, done: !address.full });
    return address.full;
  });
  const entries = [...unique.values()];

  // Addresses with a ZIP: set-wise. Without one the exact step needs a LIKE on the city, which
  // is cheap per address (prefix index) but not set-wise: those take the single path.
  const withZip = entries.filter((e) => !e.done && e.address.zip);
  const single = entries.filter((e) => !e.done && !e.address.zip);

  const exactable = withZip.filter((e) => e.address.houseNumber && e.address.streetKey);
  if (detail === 'place') {
    const places = await exactPlaceMany(
      db,
      exactable.map((e) => e.address),
    );
    exactable.forEach((e, i) => {
      e.result = places[i] ?? null;
      e.done = e.result !== null;
    });
  } else {
    const exact = await exactMany(
      db,
      exactable.map((e) => e.address),
    );
    exactable.forEach((e, i) => {
      e.result = exactResult(e.address, exact[i]!);
      e.done = e.result !== null;
    });
  }

  // Fuzzy within the ZIP, then everywhere for those whose ZIP held nothing close enough.
  const fuzzable = withZip.filter((e) => !e.done && e.address.houseNumber);
  const inZip = await fuzzyMany(
    db,
    fuzzable.map((e) => e.address),
    'zip',
  );
  const everywhere: typeof fuzzable = [];
  fuzzable.forEach((e, i) => {
    const candidates = inZip[i]!;
    if (searchEverywhere(e.address, candidates)) everywhere.push(e);
    else {
      e.result = fuzzyResult(e.address, candidates);
      e.done = e.result !== null;
    }
  });
  const anywhere = await fuzzyMany(
    db,
    everywhere.map((e) => e.address),
    'anywhere',
  );
  everywhere.forEach((e, i) => {
    e.result = fuzzyResult(e.address, anywhere[i]!);
    e.done = e.result !== null;
  });

  // What no house matched: the street (the house on it with the nearest number), else the ZIP or city.
  const byArea = withZip.filter((e) => !e.done);
  const onStreet = byArea.filter((e) => e.address.streetKey);
  const streets = await streetMany(
    db,
    onStreet.map((e) => e.address),
  );
  onStreet.forEach((e, i) => (e.result = streets[i] ? streetResult(streets[i]) : null));
  for (const e of byArea) e.result ??= areaMatch(e.address);

  // The ZIP-less, one at a time.
  const rest = single.map((e) => async () => (e.result = await geocodeAddress(db, e.text)));
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(FALLBACK_CONCURRENCY, rest.length) }, async () => {
      while (next < rest.length) await rest[next++]!();
    }),
  );
  return keys.map((key) => unique.get(key)!.result);
}

/** The addresses' houses as the set-wise queries take them (ZIP, street and number known). */
function houseColumns(addresses: readonly NormalizedAddress[]): HouseColumns {
  return {
    zips: addresses.map((a) => a.zip!),
    streetKeys: addresses.map((a) => a.streetKey!),
    houseNumbers: addresses.map((a) => a.houseNumber!),
    units: addresses.map(unitKeyOf),
  };
}

/** Candidates at each address's house (same ZIP, street and number), the unit asked for first. */
async function exactMany(
  db: Db,
  addresses: readonly NormalizedAddress[],
): Promise<(PropertyHit & { unit: string | null })[][]> {
  const found: (PropertyHit & { unit: string | null })[][] = addresses.map(() => []);
  if (!addresses.length) return found;
  const rows = await houseCandidatesMany(db, houseColumns(addresses));
  for (const row of rows) found[row.index]!.push(row);
  return found;
}

/**
 * What exactResult makes of exactMany's candidates, reduced to the place: the first candidate (the
 * unit asked for, then the building itself, then the lowest id) is the match, at rooftop precision.
 */
async function exactPlaceMany(db: Db, addresses: readonly NormalizedAddress[]): Promise<(AddressPlace | undefined)[]> {
  const found: (AddressPlace | undefined)[] = addresses.map(() => undefined);
  if (!addresses.length) return found;
  const rows = await housePlacesMany(db, houseColumns(addresses));
  for (const row of rows) found[row.index] = { propertyId: row.id, lat: row.lat, lng: row.lng, precision: 'rooftop' };
  return found;
}

/** The street step (nearestHouseOnStreet) for addresses with a ZIP and a street, in one query. */
async function streetMany(
  db: Db,
  addresses: readonly NormalizedAddress[],
): Promise<((PropertyHit & { score: number }) | undefined)[]> {
  const found: ((PropertyHit & { score: number }) | undefined)[] = addresses.map(() => undefined);
  if (!addresses.length) return found;
  const rows = await withSimilarityThreshold(db, STREET_MIN_SIMILARITY, (trx) =>
    nearestHousesOnStreetsMany(trx, {
      zips: addresses.map((a) => a.zip!),
      streetKeys: addresses.map((a) => a.streetKey!),
      numbers: addresses.map(houseNumberValue),
    }),
  );
  for (const row of rows) found[row.index] = row;
  return found;
}

/** The five most similar addresses to each (its house number within its ZIP, or anywhere above the similarity threshold), best first. */
async function fuzzyMany(
  db: Db,
  addresses: readonly NormalizedAddress[],
  scope: 'zip' | 'anywhere',
): Promise<(PropertyHit & { score: number })[][]> {
  const found: (PropertyHit & { score: number })[][] = addresses.map(() => []);
  if (!addresses.length) return found;
  const fulls = addresses.map((a) => a.full);
  const rows = await withSimilarityThreshold(db, FUZZY_MIN_SIMILARITY, (trx) =>
    similarAddressesMany(
      trx,
      {
        fulls,
        zips: addresses.map((a) => a.zip ?? null),
        houseNumbers: addresses.map((a) => a.houseNumber ?? null),
      },
      scope,
    ),
  );
  for (const row of rows) found[row.index]!.push(row);
  return found;
}
