import { cellToLatLng, latLngToCell } from 'h3-js';
import type { HazardProfile } from '../property/features.js';
import { distanceToPolylineKm } from './geo.js';
import { mix } from './mix.js';
import { ATLANTIC_COAST, GULF_COAST, PACIFIC_COAST, RIVERS } from './geography.js';

/**
 * Illustrative hazard climatology for the sample world: smooth analytic fields shaped like the
 * real US patterns (hail alley in the Plains, hurricane wind on the Gulf and Atlantic coasts,
 * wildfire in the West, tornadoes in Tornado and Dixie Alley, riverine and coastal flood). The
 * shapes are deliberately simple sums of Gaussians and distance decays; they are NOT derived
 * from NOAA/USGS/FEMA data and must not be read as such.
 *
 * Values are read at the centre of the containing H3 cell (resolution 7, ~5 km²), so every
 * location in a cell shares one profile, which is what the `hazard_cells` table stores.
 */
export const HAZARD_RESOLUTION = 7;

export function hazardAt(lat: number, lng: number): HazardProfile {
  return hazardForCell(latLngToCell(lat, lng, HAZARD_RESOLUTION));
}

// Pure cache: the value of a cell never changes, so memoising is invisible to callers.
const cache = new Map<string, HazardProfile>();

export function hazardForCell(h3Index: string): HazardProfile {
  const cached = cache.get(h3Index);
  if (cached) return cached;
  const [lat, lng] = cellToLatLng(h3Index);
  const profile = { h3Index, ...hazardFields(lat, lng) };
  if (cache.size > 200_000) cache.clear();
  cache.set(h3Index, profile);
  return profile;
}

/** The raw fields at a point (no cell snapping). */
export function hazardFields(lat: number, lng: number): Omit<HazardProfile, 'h3Index'> {
  const dGulfAtlantic = Math.min(
    distanceToPolylineKm(lat, lng, GULF_COAST),
    distanceToPolylineKm(lat, lng, ATLANTIC_COAST),
  );
  const dPacific = distanceToPolylineKm(lat, lng, PACIFIC_COAST);
  const dRiver = Math.min(...RIVERS.map((river) => distanceToPolylineKm(lat, lng, river)));
  // Hurricanes weaken northward: full strength south of 31°N, a third by 40°N.
  const tropical = clamp01(1 - (lat - 31) / 13.5) * 0.95 + 0.05;
  const west = logistic((-104 - lng) / 1.2); // 1 west of the Front Range, 0 in the East
  const eastOfRockies = logistic((lng + 107) / 1.5);

  const hail =
    eastOfRockies *
      (0.05 +
        gauss(lat, lng, 38.5, -99.5, 4.5, 4.0, 0.85) +
        gauss(lat, lng, 32.8, -97.3, 2.2, 2.2, 0.35) +
        gauss(lat, lng, 39.9, -104.8, 1.4, 1.4, 0.35)) +
    noise(lat, lng, 1) * 0.04;

  const wind = 0.04 + tropical * 0.92 * Math.exp(-dGulfAtlantic / 160) + noise(lat, lng, 2) * 0.03;

  const storm =
    (0.06 + gauss(lat, lng, 36, -97.5, 4.0, 3.5, 0.75) + gauss(lat, lng, 33.3, -88.5, 2.5, 2.8, 0.6)) *
      (1 - 0.7 * west) +
    noise(lat, lng, 3) * 0.04;

  const wildfire =
    west *
      (0.35 +
        gauss(lat, lng, 39.7, -121.5, 1.8, 1.6, 0.5) +
        gauss(lat, lng, 34.2, -117.8, 1.6, 2.0, 0.5) +
        gauss(lat, lng, 39.8, -105.4, 1.2, 1.0, 0.35) +
        gauss(lat, lng, 44.2, -121.3, 1.5, 1.2, 0.3) -
        0.25 * Math.exp(-dPacific / 25)) +
    (1 - west) * (0.04 + gauss(lat, lng, 35, -99.5, 2.5, 2.5, 0.25) + gauss(lat, lng, 31.5, -84, 2.5, 3, 0.08)) +
    noise(lat, lng, 4) * 0.04;

  const coastalFlood = 0.7 * Math.exp(-dGulfAtlantic / 30) + 0.25 * Math.exp(-dPacific / 15);
  const riverine = 0.85 * Math.exp(-((dRiver / 25) ** 2));
  const flood = Math.max(coastalFlood, riverine) + 0.05 + noise(lat, lng, 5) * 0.04;

  const surge = tropical * Math.exp(-dGulfAtlantic / 12);

  const hail01 = clamp01(hail);
  const wind01 = clamp01(wind);
  return {
    wildfire: round3(clamp01(wildfire)),
    hail: round3(hail01),
    wind: round3(wind01),
    storm: round3(clamp01(storm)),
    flood: round3(clamp01(flood)),
    surge: round3(clamp01(surge)),
    hailAnnualProbability: round3(0.01 + 0.24 * hail01),
    // Roughly the spread of ASCE 7 risk-category-II design gusts: ~105 mph inland to ~170 on the coast.
    designWindMph: Math.round(105 + 65 * wind01),
  };
}

function gauss(
  lat: number,
  lng: number,
  cLat: number,
  cLng: number,
  sLat: number,
  sLng: number,
  amplitude: number,
): number {
  const a = (lat - cLat) / sLat;
  const b = (lng - cLng) / sLng;
  return amplitude * Math.exp(-0.5 * (a * a + b * b));
}

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** Smooth value noise in [-1, 1] on a 0.5° lattice (fixed, independent of the world seed). */
function noise(lat: number, lng: number, channel: number): number {
  const x = lng / 0.5;
  const y = lat / 0.5;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = smooth(x - x0);
  const fy = smooth(y - y0);
  const v = (i: number, j: number) => (mix(channel, x0 + i, y0 + j) / 4294967296) * 2 - 1;
  const top = v(0, 0) * (1 - fx) + v(1, 0) * fx;
  const bottom = v(0, 1) * (1 - fx) + v(1, 1) * fx;
  return top * (1 - fy) + bottom * fy;
}

function smooth(t: number): number {
  return t * t * (3 - 2 * t);
}
