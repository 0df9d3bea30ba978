import type { Db } from '../../db/database.js';
import { readHouses } from '../../db/exact-addresses.js';
import type { AddressPlace } from './match-many.js';
import { unitKeyOf } from './match.js';
import type { NormalizedAddress } from './normalize.js';
import { PackedStringMap, PackedStrings } from './packed-strings.js';

/**
 * The world's addresses in memory, for the exact step of the set-wise geocoder (match-many.ts
 * exactPlaceMany: same ZIP, street and house number) without a query: a portfolio's ingest places
 * address rows with it as it reads them (issue 22), the way the parcel grid places rows with their
 * own coordinates. It answers only where that query's answer is certain from what it holds: a
 * house with one best candidate under the query's order (the unit asked for, then the building
 * itself). Ties, which the query breaks by the ids' collation, and units beyond ASCII (whose upper
 * case is the database's) are left to the run's geocoder, as are addresses with no candidate (its
 * fuzzy and street steps). Keys and ids are kept packed (packed-strings.ts): about 5 s and 60 MB
 * for a million properties (loadExactAddresses).
 */

/**
 * The key of a house: what exactPlaceMany compares (the ZIP as bpchar compares it, without trailing
 * blanks), joined by tabs as db/exact-addresses.ts reads it.
 */
export function houseKey(zip: string, streetKey: string, houseNumber: string): string {
  return `${zip.trimEnd()}\t${streetKey}\t${houseNumber}`;
}

/** How the query ranks a candidate of a house: whether its unit is the one asked for, whether it has none. */
type Rank = [unitAsked: boolean, noUnit: boolean];

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

export class ExactAddresses {
  /** The first property of each house (an index into the arrays below). */
  private readonly first = new PackedStringMap();
  /** The next property of the same house (-1: none); houses of several units are few. */
  private next: Int32Array;
  private readonly ids = new PackedStrings();
  /** Units where a property has one (most have none). */
  private readonly units = new Map<number, string>();
  private lat: Float64Array;
  private lng: Float64Array;

  constructor(
    /** The world revision these addresses are of. */
    readonly worldRevision: string,
    capacity = 1024,
  ) {
    this.next = new Int32Array(capacity);
    this.lat = new Float64Array(capacity);
    this.lng = new Float64Array(capacity);
  }

  get size(): number {
    return this.ids.size;
  }

  /** Adds a property at its house (houseKey). */
  add(key: string, unit: string | null, id: string, lat: number, lng: number): void {
    const index = this.ids.size;
    if (index === this.next.length) this.grow();
    this.ids.push(id);
    this.lat[index] = lat;
    this.lng[index] = lng;
    if (unit !== null) this.units.set(index, unit);
    const first = this.first.get(key);
    // Appended at the head: the order within a house does not matter, every candidate is ranked.
    this.next[index] = first ?? -1;
    this.first.set(key, index);
  }

  /**
   * The place exactPlaceMany gives this address (its first candidate, at rooftop precision), or
   * null when it has none or only the database can tell which comes first.
   */
  place(address: NormalizedAddress): AddressPlace | null {
    if (!address.full || !address.zip || !address.houseNumber || !address.streetKey) return null;
    let index = this.first.get(houseKey(address.zip, address.streetKey, address.houseNumber)) ?? -1;
    if (index === -1) return null;
    const asked = unitKeyOf(address);
    if (!ASCII.test(asked)) return null;
    let best = -1;
    let bestRank: Rank | null = null;
    let tied = false;
    for (; index !== -1; index = this.next[index]!) {
      const unit = this.units.get(index) ?? null;
      if (unit !== null && !ASCII.test(unit)) return null;
      // ORDER BY upper(coalesce(unit, '')) = $unit DESC, unit IS NULL DESC, id
      const rank: Rank = [(unit ?? '').toUpperCase() === asked, unit === null];
      const order = bestRank === null ? 1 : compareRanks(rank, bestRank);
      if (order > 0) [best, bestRank, tied] = [index, rank, false];
      else if (order === 0) tied = true;
    }
    if (tied) return null;
    return { propertyId: this.ids.get(best), lat: this.lat[best]!, lng: this.lng[best]!, precision: 'rooftop' };
  }

  private grow() {
    const size = this.next.length * 2;
    const next = new Int32Array(size);
    next.set(this.next);
    const lat = new Float64Array(size);
    lat.set(this.lat);
    const lng = new Float64Array(size);
    lng.set(this.lng);
    [this.next, this.lat, this.lng] = [next, lat, lng];
  }
}

/** Positive when `a` comes before `b` in the query's order (true before false, column by column). */
function compareRanks(a: Rank, b: Rank): number {
  if (a[0] !== b[0]) return a[0] ? 1 : -1;
  if (a[1] !== b[1]) return a[1] ? 1 : -1;
  return 0;
}

/** The exact addresses of world `revision`; null when the world moved on before they were read. */
export async function loadExactAddresses(db: Db, revision: string): Promise<ExactAddresses | null> {
  const addresses = new ExactAddresses(revision);
  const read = await readHouses(db, revision, (house) =>
    addresses.add(house.key, house.unit, house.id, house.lat, house.lng),
  );
  return read ? addresses : null;
}
