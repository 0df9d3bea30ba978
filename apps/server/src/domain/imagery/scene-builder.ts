import type { PropertyFeatures } from '../property/features.js';
import { metresPerDegreeLng, type LngLat } from './geo.js';
import { seededRandom } from './random.js';
import type { SceneFeatures } from './scene.js';

/**
 * Turns one property's features into scene objects, for a world that stores features but not
 * tree positions: buildings as they are, trees scattered over the parcel to match its vegetation
 * cover (and hugging the house to match vegetation within 5 ft), a pool, a trampoline and debris
 * where the features say so. Deterministic per property.
 */
export function propertySceneParts(input: {
  propertyId: string;
  parcel: GeoJSON.Polygon;
  features: PropertyFeatures;
}): Omit<SceneFeatures, 'roads'> {
  const { propertyId, parcel, features } = input;
  const ring = (parcel.coordinates[0] ?? []) as LngLat[];
  const lats = ring.map((p) => p[1]);
  const lngs = ring.map((p) => p[0]);
  const [west, east, south, north] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  const midLat = (south + north) / 2;
  const mLng = 1 / metresPerDegreeLng(midLat);
  const mLat = 1 / 111_320;
  const rand = seededRandom(propertyId, 'scene');
  const footprints = features.buildings.map((b) => (b.outline.coordinates[0] ?? []) as LngLat[]);
  const insideParcel = (p: LngLat) => pointInRing(p, ring);
  const clearOfBuildings = (p: LngLat, marginM: number) =>
    footprints.every((f) => !pointInRing(p, f) && distanceToRingM(p, f, mLng, mLat) > marginM);

  const areaM2 = ((east - west) / mLng) * ((north - south) / mLat);
  const trees: SceneFeatures['trees'] = [];
  const targetCanopy = Math.max(0, Math.min(1, features.vegetationCover)) * areaM2;
  let canopy = 0;
  for (let attempt = 0; attempt < 400 && canopy < targetCanopy; attempt++) {
    const radiusM = 2 + rand() * 3.5;
    const p: LngLat = [west + rand() * (east - west), south + rand() * (north - south)];
    if (!insideParcel(p) || !clearOfBuildings(p, Math.max(radiusM, features.defensibleSpaceFt * 0.3048 * 0.5)))
      continue;
    trees.push({ id: `${propertyId}-tree-${trees.length}`, center: p, radiusM });
    canopy += Math.PI * radiusM * radiusM;
  }
  const main = footprints[0];
  if (main && features.vegetationWithin5ft > 0) {
    const count = Math.ceil(features.vegetationWithin5ft * 6);
    for (let i = 0; i < count; i++) {
      const corner = main[i % Math.max(1, main.length - 1)]!;
      trees.push({
        id: `${propertyId}-near-${i}`,
        center: [corner[0] + (rand() - 0.5) * 3 * mLng, corner[1] + (rand() - 0.5) * 3 * mLat],
        radiusM: 2 + rand() * 2,
      });
    }
  }

  const freeSpot = (clearanceM: number): LngLat | null => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const p: LngLat = [west + rand() * (east - west), south + rand() * (north - south)];
      if (
        insideParcel(p) &&
        clearOfBuildings(p, clearanceM) &&
        trees.every((t) => distanceM(p, t.center, mLng, mLat) > t.radiusM + clearanceM / 2)
      )
        return p;
    }
    return null;
  };
  const pools: SceneFeatures['pools'] = [];
  if (features.hasPool) {
    const c = freeSpot(5);
    if (c) {
      const [hw, hh] = [4 * mLng, 2 * mLat];
      pools.push({
        id: `${propertyId}-pool`,
        outline: {
          type: 'Polygon',
          coordinates: [
            [
              [c[0] - hw, c[1] - hh],
              [c[0] + hw, c[1] - hh],
              [c[0] + hw, c[1] + hh],
              [c[0] - hw, c[1] + hh],
              [c[0] - hw, c[1] - hh],
            ],
          ],
        },
      });
    }
  }
  const yardObjects: NonNullable<SceneFeatures['yardObjects']> = [];
  if (features.hasTrampoline) {
    const c = freeSpot(3);
    if (c) yardObjects.push({ id: `${propertyId}-trampoline`, kind: 'trampoline', center: c });
  }
  if (features.hasDebris) {
    const c = freeSpot(2);
    if (c) yardObjects.push({ id: `${propertyId}-debris`, kind: 'debris', center: c });
  }
  return {
    parcels: [{ id: `${propertyId}-parcel`, propertyId, outline: parcel }],
    buildings: features.buildings.map((b) => ({
      id: `${propertyId}-b${b.rank}`,
      propertyId,
      outline: b.outline,
      heightFt: b.heightFt,
      roofMaterial: b.roofMaterial,
      roofShape: b.roofShape,
      roofCondition: b.roofCondition,
      roofInstallYear: b.roofInstallYear,
      hasSolar: b.hasSolar,
      fortified: b.fortified,
      yearBuilt: features.yearBuilt,
    })),
    trees,
    pools,
    yardObjects,
  };
}

function pointInRing([x, y]: LngLat, ring: LngLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceM(a: LngLat, b: LngLat, mLng: number, mLat: number): number {
  return Math.hypot((a[0] - b[0]) / mLng, (a[1] - b[1]) / mLat);
}

function distanceToRingM(p: LngLat, ring: LngLat[], mLng: number, mLat: number): number {
  let best = Infinity;
  for (let i = 0; i + 1 < ring.length; i++) {
    const ax = ring[i]![0] / mLng;
    const ay = ring[i]![1] / mLat;
    const bx = ring[i + 1]![0] / mLng;
    const by = ring[i + 1]![1] / mLat;
    const px = p[0] / mLng;
    const py = p[1] / mLat;
    const len2 = (bx - ax) ** 2 + (by - ay) ** 2;
    const t = len2 ? Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / len2)) : 0;
    best = Math.min(best, Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay))));
  }
  return best;
}
