/** [west, south, east, north] in degrees (WGS84), like GeoJSON bbox. */
export type BBox = [west: number, south: number, east: number, north: number];
export type LngLat = [lng: number, lat: number];

/** Web Mercator latitude limit. */
export const MAX_LAT = 85.0511287798066;
const EARTH_RADIUS_M = 6_378_137;
export const TILE_SIZE = 256;

/** Tiles we render: the map widget's zoom range (SPEC §9: 16–21). */
export const TILE_MIN_ZOOM = 16;
export const TILE_MAX_ZOOM = 21;

/** Longitude/latitude → fractional tile coordinates at zoom z (slippy-map convention, y down). */
export function lngLatToTileFraction([lng, lat]: LngLat, z: number): [number, number] {
  const n = 2 ** z;
  const clampedLat = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  const rad = (clampedLat * Math.PI) / 180;
  const x = ((lng + 180) / 360) * n;
  const y = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n;
  return [x, y];
}

export function lngLatToTile(point: LngLat, z: number): { z: number; x: number; y: number } {
  const n = 2 ** z;
  const [fx, fy] = lngLatToTileFraction(point, z);
  return { z, x: Math.min(n - 1, Math.max(0, Math.floor(fx))), y: Math.min(n - 1, Math.max(0, Math.floor(fy))) };
}

function tileYToLat(y: number, z: number): number {
  const n = Math.PI - (2 * Math.PI * y) / 2 ** z;
  return (180 / Math.PI) * Math.atan(0.5 * (Math.exp(n) - Math.exp(-n)));
}

/** The bbox a tile covers. */
export function tileToBBox(z: number, x: number, y: number): BBox {
  const n = 2 ** z;
  return [(x / n) * 360 - 180, tileYToLat(y + 1, z), ((x + 1) / n) * 360 - 180, tileYToLat(y, z)];
}

export function isValidTile(
  z: number,
  x: number,
  y: number,
  minZoom = TILE_MIN_ZOOM,
  maxZoom = TILE_MAX_ZOOM,
): boolean {
  if (![z, x, y].every(Number.isInteger)) return false;
  if (z < minZoom || z > maxZoom) return false;
  const n = 2 ** z;
  return x >= 0 && x < n && y >= 0 && y < n;
}

/** Spherical-Mercator metres. */
export function toMercator([lng, lat]: LngLat): [number, number] {
  const clampedLat = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  return [
    (EARTH_RADIUS_M * lng * Math.PI) / 180,
    EARTH_RADIUS_M * Math.log(Math.tan(Math.PI / 4 + (clampedLat * Math.PI) / 360)),
  ];
}

/** A square bbox of `halfWidthM` ground metres either side of `center`. */
export function bboxAround([lng, lat]: LngLat, halfWidthM: number): BBox {
  const dLat = halfWidthM / 111_320;
  const dLng = halfWidthM / (111_320 * Math.cos((lat * Math.PI) / 180));
  return [lng - dLng, lat - dLat, lng + dLng, lat + dLat];
}

export function expandBBox([w, s, e, n]: BBox, ratio: number): BBox {
  const dx = (e - w) * ratio;
  const dy = (n - s) * ratio;
  return [w - dx, s - dy, e + dx, n + dy];
}

export function bboxIntersects(a: BBox, b: BBox): boolean {
  return a[0] < b[2] && a[2] > b[0] && a[1] < b[3] && a[3] > b[1];
}

export function bboxContains(outer: BBox, inner: BBox): boolean {
  return inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];
}

/** Ground metres per degree of longitude at a latitude. */
export function metresPerDegreeLng(lat: number): number {
  return 111_320 * Math.cos((lat * Math.PI) / 180);
}

export function parseBBox(text: string): BBox | null {
  const parts = text.split(',').map(Number);
  if (parts.length !== 4 || !parts.every(Number.isFinite)) return null;
  const [w, s, e, n] = parts as BBox;
  if (w >= e || s >= n || w < -180 || e > 180 || s < -90 || n > 90) return null;
  return [w, s, e, n];
}

/**
 * Maps lng/lat to pixels of an image covering `bbox` (Mercator, north up), so tiles line up
 * exactly with the slippy-map grid.
 */
export function pixelProjector(bbox: BBox, width: number, height: number) {
  const [minX, minY] = toMercator([bbox[0], bbox[1]]);
  const [maxX, maxY] = toMercator([bbox[2], bbox[3]]);
  const sx = width / (maxX - minX);
  const sy = height / (maxY - minY);
  const midLat = (bbox[1] + bbox[3]) / 2;
  /** Ground metres per pixel (horizontal). */
  const metresPerPx = ((bbox[2] - bbox[0]) * metresPerDegreeLng(midLat)) / width;
  return {
    project(point: LngLat): [number, number] {
      const [mx, my] = toMercator(point);
      return [(mx - minX) * sx, (maxY - my) * sy];
    },
    metresPerPx,
  };
}
