import type { LngLat } from '../geo.js';
import { metresPerDegreeLng } from '../geo.js';
import { roofDamage, type WeatherEvent } from '../capture.js';
import { hashUnit } from '../random.js';
import type { SceneBuilding, SceneFeatures, SceneTree } from '../scene.js';

/**
 * What a photograph shows that the data does not store: driveways, sheds, parked cars, fences,
 * tree species. Derived deterministically from ids and positions, and shared by the orthophoto
 * and the obliques, so every view of a property shows the same driveway, shed and cars.
 */

export type Climate = 'west' | 'gulf' | 'east';

/** Conifers and dry summers in the West, palms on the Gulf coast, broadleaf elsewhere. */
export function climateAt([lng, lat]: LngLat): Climate {
  if (lat < 31.5 && lng > -98 && lng < -80) return 'gulf';
  if (lng < -102) return 'west';
  return 'east';
}

export type Species = 'broadleaf' | 'evergreen-broadleaf' | 'conifer' | 'palm';

export function speciesOf(tree: SceneTree, climate: Climate): Species {
  const h = hashUnit(tree.id, 'species');
  if (climate === 'west') return h < 0.55 ? 'conifer' : 'broadleaf';
  if (climate === 'gulf') return h < 0.45 ? 'palm' : 'evergreen-broadleaf';
  return h < 0.2 ? 'conifer' : 'broadleaf';
}

/** Tree height in metres: conifers and palms are tall for their crown, so their shadows are long. */
export function treeHeightM(tree: SceneTree, species: Species): number {
  const k = species === 'conifer' ? 2.7 : species === 'palm' ? 3.4 : 1.9;
  return tree.radiusM * k * (0.85 + 0.3 * hashUnit(tree.id, 'height'));
}

/** Local ground metres (east, north) around an origin: the frame site details are built in. */
export function localFrame(origin: LngLat) {
  const mx = metresPerDegreeLng(origin[1]);
  return {
    toLocal: ([lng, lat]: GeoJSON.Position): [number, number] => [
      (lng! - origin[0]) * mx,
      (lat! - origin[1]) * 111_320,
    ],
    toLngLat: ([x, y]: [number, number]): LngLat => [origin[0] + x / mx, origin[1] + y / 111_320],
  };
}

export interface Driveway {
  id: string;
  /** Centre line from the garage to the road, lng/lat. */
  line: LngLat[];
  widthM: number;
}

export interface Car {
  id: string;
  center: LngLat;
  /** Heading of the car's long axis, radians from east, counter-clockwise. */
  heading: number;
  colour: string;
}

export interface SiteDetails {
  driveways: Driveway[];
  cars: Car[];
  sheds: SceneBuilding[];
  /** Parcel edges with a fence (lng/lat segments). */
  fences: LngLat[][];
}

const CAR_COLOURS = ['#e8e8e6', '#1d1f22', '#8d9296', '#5b6770', '#7b1e1e', '#1f3a5f', '#c9c5bb', '#3d4a3a'];

function nearestOnSegment(p: [number, number], a: [number, number], b: [number, number]) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy || 1e-9)));
  const q: [number, number] = [a[0] + dx * t, a[1] + dy * t];
  return { q, d: Math.hypot(p[0] - q[0], p[1] - q[1]) };
}

function centroid(ring: [number, number][]): [number, number] {
  const pts = ring.length > 1 ? ring.slice(0, -1) : ring;
  const s = pts.reduce((acc, p) => [acc[0] + p[0], acc[1] + p[1]], [0, 0]);
  return [s[0] / Math.max(1, pts.length), s[1] / Math.max(1, pts.length)];
}

/**
 * Driveways, cars, sheds and fences of the scene's houses. Nobody parks at a house the capture
 * shows burned (its events say so): its driveway stays, empty.
 */
export function siteDetails(scene: SceneFeatures, capturedOn: string, events: WeatherEvent[] = []): SiteDetails {
  const details: SiteDetails = { driveways: [], cars: [], sheds: [], fences: [] };
  const first = scene.buildings[0]?.outline.coordinates[0]?.[0] ?? scene.parcels[0]?.outline.coordinates[0]?.[0];
  if (!first) return details;
  const { toLocal, toLngLat } = localFrame([first[0]!, first[1]!]);
  const roads = scene.roads.map((r) => ({ widthM: r.widthM, pts: r.line.coordinates.map(toLocal) }));
  const nearestRoad = (p: [number, number]) => {
    let best: { q: [number, number]; d: number; widthM: number } | null = null;
    for (const road of roads)
      for (let i = 0; i + 1 < road.pts.length; i++) {
        const hit = nearestOnSegment(p, road.pts[i]!, road.pts[i + 1]!);
        if (!best || hit.d < best.d) best = { ...hit, widthM: road.widthM };
      }
    return best;
  };
  const day = capturedOn;

  for (const b of scene.buildings) {
    // Small footprints (sheds, garages of their own) and big ones (commercial) get no driveway.
    const ring = (b.outline.coordinates[0] ?? []).map(toLocal);
    if (ring.length < 4) continue;
    const c = centroid(ring);
    const road = nearestRoad(c);
    if (!road || road.d > 60 || road.d < road.widthM / 2 + 4) continue;
    const dir: [number, number] = [(road.q[0] - c[0]) / road.d, (road.q[1] - c[1]) / road.d];
    const side: [number, number] = [-dir[1], dir[0]];
    // The garage sits at one end of the front: the driveway is offset sideways along the front.
    let halfFront = 0;
    for (const p of ring) halfFront = Math.max(halfFront, Math.abs((p[0] - c[0]) * side[0] + (p[1] - c[1]) * side[1]));
    const offset = (hashUnit(b.id, 'drive') < 0.5 ? -1 : 1) * Math.max(0, halfFront - 3.2);
    const widthM = hashUnit(b.id, 'drive-width') < 0.4 ? 3.4 : 5.6;
    const start: [number, number] = [c[0] + side[0] * offset, c[1] + side[1] * offset];
    const end: [number, number] = [
      road.q[0] + side[0] * offset - dir[0] * (road.widthM / 2 - 0.3),
      road.q[1] + side[1] * offset - dir[1] * (road.widthM / 2 - 0.3),
    ];
    details.driveways.push({ id: `${b.id}-drive`, line: [toLngLat(start), toLngLat(end)], widthM });
    // Cars on the driveway: how many depends on the day, so captures differ as they do.
    const burned = events.length > 0 && roofDamage(b, capturedOn, events) === 'burned';
    const cars = burned ? 0 : Math.floor(hashUnit(b.id, day, 'cars') * 3);
    let frontDist = 0;
    for (const p of ring) frontDist = Math.max(frontDist, (p[0] - c[0]) * dir[0] + (p[1] - c[1]) * dir[1]);
    for (let k = 0; k < cars; k++) {
      const along = frontDist + 3.2 + k * 5.6;
      if (along > road.d - road.widthM / 2 - 3) break;
      const lateral = widthM > 4 ? (hashUnit(b.id, day, 'lane', k) < 0.5 ? -1.3 : 1.3) : 0;
      const p: [number, number] = [
        start[0] + dir[0] * along + side[0] * lateral,
        start[1] + dir[1] * along + side[1] * lateral,
      ];
      details.cars.push({
        id: `${b.id}-car-${k}`,
        center: toLngLat(p),
        heading: Math.atan2(dir[1], dir[0]),
        colour: CAR_COLOURS[Math.floor(hashUnit(b.id, 'car-colour', k) * CAR_COLOURS.length)]!,
      });
    }
  }

  for (const parcel of scene.parcels) {
    const ring = (parcel.outline.coordinates[0] ?? []).map(toLocal);
    if (ring.length < 4) continue;
    const c = centroid(ring);
    const road = nearestRoad(c);
    // Fences on the sides and back, not along the street.
    if (hashUnit(parcel.id, 'fenced') < 0.7)
      for (let i = 0; i + 1 < ring.length; i++) {
        const mid: [number, number] = [(ring[i]![0] + ring[i + 1]![0]) / 2, (ring[i]![1] + ring[i + 1]![1]) / 2];
        const front = road && nearestRoad(mid)!.d < road.d - 2;
        if (!front) details.fences.push([toLngLat(ring[i]!), toLngLat(ring[i + 1]!)]);
      }
    // A garden shed in a back corner of some yards.
    if (!road || hashUnit(parcel.id, 'shed') > 0.4) continue;
    const back: [number, number] = [(c[0] - road.q[0]) / road.d, (c[1] - road.q[1]) / road.d];
    let depth = 0;
    for (const p of ring) depth = Math.max(depth, (p[0] - c[0]) * back[0] + (p[1] - c[1]) * back[1]);
    const across: [number, number] = [-back[1], back[0]];
    const sideSign = hashUnit(parcel.id, 'shed-side') < 0.5 ? -1 : 1;
    let halfWidth = 0;
    for (const p of ring)
      halfWidth = Math.max(halfWidth, Math.abs((p[0] - c[0]) * across[0] + (p[1] - c[1]) * across[1]));
    const centre: [number, number] = [
      c[0] + back[0] * (depth - 2.6) + across[0] * sideSign * (halfWidth - 2.8),
      c[1] + back[1] * (depth - 2.6) + across[1] * sideSign * (halfWidth - 2.8),
    ];
    const [hw, hd] = [1.6, 1.25];
    const corner = (a: number, d: number): GeoJSON.Position =>
      toLngLat([centre[0] + across[0] * a + back[0] * d, centre[1] + across[1] * a + back[1] * d]);
    details.sheds.push({
      id: `${parcel.id}-shed`,
      propertyId: parcel.propertyId,
      outline: {
        type: 'Polygon',
        coordinates: [[corner(-hw, -hd), corner(hw, -hd), corner(hw, hd), corner(-hw, hd), corner(-hw, -hd)]],
      },
      heightFt: 8,
      roofMaterial: hashUnit(parcel.id, 'shed-roof') < 0.5 ? 'metal' : 'asphalt_shingle',
      roofShape: 'gable',
      roofCondition: 'fair',
      roofInstallYear: null,
      hasSolar: false,
    });
  }
  return details;
}

/** Sun of the capture: the solar position at the capture's latitude, day of year and hour. */
export function solarPosition(capturedOn: string, lat: number, seed: string) {
  const date = new Date(`${capturedOn}T00:00:00Z`);
  const dayOfYear = Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 0)) / 86_400_000);
  // Survey flights fly in the middle of the day; the hour varies per capture (10:00–14:00 solar).
  const hour = 10 + 4 * hashUnit(seed, 'hour');
  const decl = ((23.44 * Math.PI) / 180) * Math.sin((2 * Math.PI * (284 + dayOfYear)) / 365);
  const phi = (lat * Math.PI) / 180;
  const h = ((hour - 12) * 15 * Math.PI) / 180;
  const sinEl = Math.sin(phi) * Math.sin(decl) + Math.cos(phi) * Math.cos(decl) * Math.cos(h);
  const elevation = Math.asin(Math.max(0.17, sinEl));
  // Azimuth from north, clockwise.
  const az = Math.atan2(-Math.sin(h), Math.tan(decl) * Math.cos(phi) - Math.sin(phi) * Math.cos(h));
  const azimuth = (az + 2 * Math.PI) % (2 * Math.PI);
  const length = 1 / Math.tan(elevation);
  return {
    elevation,
    azimuth,
    hour,
    /** Shadow offset per metre of height in screen terms (x east, y south): away from the sun. */
    shadow: { dx: -Math.sin(azimuth) * length, dy: Math.cos(azimuth) * length },
    /** Unit vector towards the sun (x east, y south, z up). */
    toSun: [Math.sin(azimuth) * Math.cos(elevation), -Math.cos(azimuth) * Math.cos(elevation), Math.sin(elevation)] as [
      number,
      number,
      number,
    ],
  };
}

/** Eave height of a building: its height in the data is to the top, the roof's rise is above the walls. */
export function wallHeightM(b: SceneBuilding, widthM: number, pitch: number): number {
  const total = b.heightFt * 0.3048;
  if (b.roofShape === 'flat' || b.roofShape === 'unknown') return total;
  return Math.max(2.5, total - (widthM / 2) * Math.tan(pitch));
}
