import { streetKeyOf } from '../../domain/geocoder/normalize.js';
import { parseAddress } from '../../domain/geocoder/parse.js';
import { Random } from '../random.js';
import {
  LANDMARKS,
  PREDIRECTIONALS,
  STATE_REGION,
  STATE_WEIGHTS,
  STREET_NAMES,
  STREET_SUFFIXES,
  zipInfo,
  zipsOf,
  type Landmark,
  type RegionId,
  type ZipInfo,
} from '../regions.js';

/** Salt for landmark neighbourhoods: they do not depend on the world seed. */
export const LANDMARK_SALT = 0x1a2d3a4c;
export const LANDMARK_NEIGHBOURHOOD_SIZE = 24;

export interface StreetPlan {
  /** As displayed: 'N Wheatland Ave'. */
  name: string;
  /** Normalised: 'N WHEATLAND AVE'. */
  key: string;
  /** First house number; houses are base + 4·position (+1 on the other side). */
  base: number;
}

export interface NeighbourhoodPlan {
  index: number;
  id: string;
  zip: ZipInfo;
  region: RegionId;
  /** How many neighbourhoods of this ZIP came before: places it on a spiral around the centroid. */
  ordinalInZip: number;
  propertyCount: number;
  housesPerStreet: number;
  streets: StreetPlan[];
  landmark?: Landmark;
  /** Root of this neighbourhood's random values. */
  rootSeed: number;
}

export interface WorldOptions {
  seed: number;
  /** Target number of properties; the fixed landmark neighbourhoods always come on top of at least this many minus theirs. */
  properties: number;
}

/**
 * Plans every neighbourhood of the world in order: the landmark neighbourhoods first (identical
 * for every seed), then seeded ones until the property count is reached. Street names are unique
 * within a ZIP, so every address is unique. Planning is cheap (no geometry).
 */
export function planWorld(options: WorldOptions): NeighbourhoodPlan[] {
  const plans: NeighbourhoodPlan[] = [];
  const streetsByZip = new Map<string, Set<string>>();
  const neighbourhoodsByZip = new Map<string, number>();
  let remaining = options.properties;

  const place = (zip: ZipInfo) => {
    const ordinal = neighbourhoodsByZip.get(zip.zip) ?? 0;
    neighbourhoodsByZip.set(zip.zip, ordinal + 1);
    return ordinal;
  };
  const claimStreet = (zip: string, key: string) => {
    const used = streetsByZip.get(zip) ?? new Set<string>();
    streetsByZip.set(zip, used);
    if (used.has(key)) return false;
    used.add(key);
    return true;
  };

  LANDMARKS.forEach((landmark, i) => {
    const zip = zipInfo(landmark.zip);
    const rng = Random.of(LANDMARK_SALT, i, 1);
    const key = streetKeyOf(parseAddress(`${landmark.houseNumber} ${landmark.street}`))!;
    claimStreet(zip.zip, key);
    const housesPerStreet = 12;
    const streets: StreetPlan[] = [{ name: landmark.street, key, base: landmark.houseNumber }];
    while (streets.length < LANDMARK_NEIGHBOURHOOD_SIZE / housesPerStreet)
      streets.push(randomStreet(rng, zip.zip, claimStreet));
    plans.push({
      index: plans.length,
      id: `nb-l${String(i).padStart(2, '0')}`,
      zip,
      region: STATE_REGION[zip.state]!,
      ordinalInZip: place(zip),
      propertyCount: LANDMARK_NEIGHBOURHOOD_SIZE,
      housesPerStreet,
      streets,
      landmark,
      rootSeed: Random.of(LANDMARK_SALT, i, 2).int(0, 2 ** 31),
    });
    remaining -= LANDMARK_NEIGHBOURHOOD_SIZE;
  });

  for (let k = 0; remaining > 0; k++) {
    const rng = Random.of(options.seed, 1, k);
    const state = rng.weighted(STATE_WEIGHTS);
    const zip = rng.pick(zipsOf(state));
    const propertyCount = Math.min(remaining, rng.int(60, 160));
    const housesPerStreet = 2 * rng.int(8, 16);
    const streetCount = Math.ceil(propertyCount / housesPerStreet);
    const streets: StreetPlan[] = [];
    for (let s = 0; s < streetCount; s++) streets.push(randomStreet(rng, zip.zip, claimStreet));
    plans.push({
      index: plans.length,
      id: `nb-${k.toString(36).padStart(5, '0')}`,
      zip,
      region: STATE_REGION[zip.state]!,
      ordinalInZip: place(zip),
      propertyCount,
      housesPerStreet,
      streets,
      rootSeed: Random.of(options.seed, 2, k).int(0, 2 ** 31),
    });
    remaining -= propertyCount;
  }
  return plans;
}

function randomStreet(rng: Random, zip: string, claim: (zip: string, key: string) => boolean): StreetPlan {
  for (let attempt = 0; ; attempt++) {
    const pre = rng.chance(0.12) ? `${rng.pick(PREDIRECTIONALS)} ` : '';
    const suffix = rng.weighted(STREET_SUFFIXES);
    // In a crowded ZIP, fall back to two-word names ('Oak Ridge Dr') after many collisions.
    const base = rng.pick(STREET_NAMES);
    const name = attempt < 40 ? `${pre}${base} ${suffix}` : `${pre}${base} ${rng.pick(STREET_NAMES)} ${suffix}`;
    const key = streetKeyOf(parseAddress(`1 ${name}`))!;
    if (claim(zip, key)) return { name, key, base: 2 * rng.int(5, 240) * 10 };
  }
}
