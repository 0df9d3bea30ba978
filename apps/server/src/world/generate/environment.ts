import { distanceToPolylineKm } from '../../domain/hazard/geo.js';
import { ATLANTIC_COAST, GULF_COAST, PACIFIC_COAST, RIVERS } from '../../domain/hazard/geography.js';
import type { Random } from '../random.js';
import type { RegionId } from '../regions.js';

/** Site conditions shared by a neighbourhood: terrain, distances, vegetation and building habits. */
export interface NeighbourhoodEnvironment {
  elevationFt: number;
  slopeDeg: number;
  coastMi: number;
  riverFt: number;
  fireStationMi: number;
  vegetation: number;
  eraYear: number;
  roofMaterials: readonly (readonly [string, number])[];
  poolChance: number;
  solarChance: number;
}

const ELEVATION_FT: Record<string, [number, number]> = {
  CO: [5200, 8200],
  CA: [80, 3200],
  OR: [150, 4000],
  TX: [30, 3600],
  KS: [750, 3000],
  OK: [500, 1800],
  GA: [40, 1100],
  AL: [20, 900],
  MS: [15, 500],
  LA: [3, 120],
  SC: [8, 600],
  NC: [8, 1200],
};

const ROOFS: Record<RegionId, readonly (readonly [string, number])[]> = {
  west_wildfire: [
    ['asphalt_shingle', 55],
    ['tile', 18],
    ['wood_shake', 10],
    ['metal', 11],
    ['membrane', 4],
    ['slate', 2],
  ],
  plains_hail: [
    ['asphalt_shingle', 72],
    ['metal', 15],
    ['tile', 6],
    ['wood_shake', 3],
    ['membrane', 4],
  ],
  southeast: [
    ['asphalt_shingle', 74],
    ['metal', 16],
    ['tile', 3],
    ['slate', 2],
    ['membrane', 5],
  ],
};

export function environmentOf(
  rng: Random,
  state: string,
  region: RegionId,
  lat: number,
  lng: number,
): NeighbourhoodEnvironment {
  const coastKm = Math.min(
    distanceToPolylineKm(lat, lng, GULF_COAST),
    distanceToPolylineKm(lat, lng, ATLANTIC_COAST),
    distanceToPolylineKm(lat, lng, PACIFIC_COAST),
  );
  const riverKm = Math.min(...RIVERS.map((river) => distanceToPolylineKm(lat, lng, river)));
  const [low, high] = ELEVATION_FT[state] ?? [100, 1500];
  // Near the coast the land is low whatever the state's range says.
  const elevationFt = Math.min(rng.range(low, high), 4 + coastKm * 9);
  const west = region === 'west_wildfire';
  const era = rng.weighted([
    [1950, 1],
    [1960, 2],
    [1970, 3],
    [1980, 3],
    [1990, 3],
    [2000, 4],
    [2010, 2],
    [2018, 1],
  ] as const);
  return {
    elevationFt,
    slopeDeg: west ? rng.range(2, 22) : region === 'plains_hail' ? rng.range(0, 4) : rng.range(0, 8),
    coastMi: coastKm / 1.609344,
    riverFt: riverKm * 3280.84,
    fireStationMi: west ? rng.range(0.6, 9) : rng.range(0.3, 4.5),
    vegetation: west ? rng.range(0.3, 0.75) : region === 'plains_hail' ? rng.range(0.12, 0.45) : rng.range(0.35, 0.8),
    eraYear: era + rng.int(0, 7),
    roofMaterials: ROOFS[region],
    poolChance: state === 'CA' || state === 'TX' ? 0.2 : region === 'southeast' ? 0.12 : 0.07,
    solarChance: state === 'CA' ? 0.2 : state === 'CO' ? 0.1 : 0.04,
  };
}
