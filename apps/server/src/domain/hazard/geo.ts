/** Small geodesy helpers: local metre offsets, haversine distances, distance to polylines. */
const EARTH_RADIUS_M = 6_371_008.8;
export const METRES_PER_MILE = 1609.344;
export const FEET_PER_METRE = 3.28084;
const DEG = Math.PI / 180;

export type LngLat = [number, number];

/** Moves (lat, lng) by east/north metres (equirectangular; exact enough within a neighbourhood). */
export function offsetMetres(lat: number, lng: number, eastM: number, northM: number): LngLat {
  const dLat = northM / 111_320;
  const dLng = eastM / (111_320 * Math.cos(lat * DEG));
  return [round6(lng + dLng), round6(lat + dLat)];
}

export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export function haversineMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * DEG;
  const dLng = (lng2 - lng1) * DEG;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * DEG) * Math.cos(lat2 * DEG) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Distance in km from a point to a polyline of [lat, lng] vertices (planar per segment, fine at these scales). */
export function distanceToPolylineKm(lat: number, lng: number, line: readonly (readonly [number, number])[]): number {
  const kx = 111.32 * Math.cos(lat * DEG);
  const ky = 110.57;
  let best = Infinity;
  for (let i = 0; i + 1 < line.length; i++) {
    const [aLat, aLng] = line[i]!;
    const [bLat, bLng] = line[i + 1]!;
    const ax = (aLng - lng) * kx;
    const ay = (aLat - lat) * ky;
    const bx = (bLng - lng) * kx;
    const by = (bLat - lat) * ky;
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSq = dx * dx + dy * dy;
    const t = lengthSq === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSq));
    const px = ax + t * dx;
    const py = ay + t * dy;
    best = Math.min(best, Math.sqrt(px * px + py * py));
  }
  return best;
}

/** Bounding box [west, south, east, north] of GeoJSON polygon coordinates. */
export function bboxOf(rings: readonly (readonly LngLat[])[]): [number, number, number, number] {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const ring of rings) {
    for (const [x, y] of ring) {
      if (x < west) west = x;
      if (x > east) east = x;
      if (y < south) south = y;
      if (y > north) north = y;
    }
  }
  return [west, south, east, north];
}
