/**
 * The Web Mercator tile grid (EPSG:3857, "GoogleMapsCompatible"): what XYZ clients, MapLibre and
 * WMTS's well-known tile matrix set share. Tile (z, x, y) has its origin at the top left.
 */
export const TILE_PX = 256;
export const MERCATOR_HALF = 20_037_508.342789244;
/** Deepest zoom we build: ~3 cm pixels at the equator, finer than any aerial survey. */
export const MAX_NATIVE_ZOOM = 22;

/** Mercator metres per pixel at zoom z. */
export const resolutionAt = (z: number) => (2 * MERCATOR_HALF) / (TILE_PX * 2 ** z);

export interface MercatorBounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface TileRange {
  z: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The tiles at zoom z that a Mercator rectangle touches (inclusive). */
export function tileRangeOf(bounds: MercatorBounds, z: number): TileRange {
  const size = TILE_PX * resolutionAt(z);
  const n = 2 ** z;
  const clamp = (v: number) => Math.min(n - 1, Math.max(0, v));
  return {
    z,
    minX: clamp(Math.floor((bounds.minX + MERCATOR_HALF) / size)),
    maxX: clamp(Math.floor((bounds.maxX + MERCATOR_HALF) / size - 1e-9)),
    minY: clamp(Math.floor((MERCATOR_HALF - bounds.maxY) / size)),
    maxY: clamp(Math.floor((MERCATOR_HALF - bounds.minY) / size - 1e-9)),
  };
}

/** Top-left corner of tile (x, y) at zoom z, in Mercator metres. */
export function tileOrigin(z: number, x: number, y: number): [number, number] {
  const size = TILE_PX * resolutionAt(z);
  return [-MERCATOR_HALF + x * size, MERCATOR_HALF - y * size];
}

/** Mercator metres → degrees. */
export function mercatorToLngLat(x: number, y: number): [number, number] {
  const R = 6_378_137;
  return [(x / R) * (180 / Math.PI), (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * (180 / Math.PI)];
}

/**
 * The zoom whose pixels are at least as fine as the source's: ground metres per source pixel at
 * latitude `lat` against Mercator's (which shrink by cos(lat) on the ground).
 */
export function nativeZoomFor(groundMetresPerPixel: number, lat: number): number {
  const scale = Math.cos((lat * Math.PI) / 180);
  for (let z = 0; z <= MAX_NATIVE_ZOOM; z++) if (resolutionAt(z) * scale <= groundMetresPerPixel * 1.05) return z;
  return MAX_NATIVE_ZOOM;
}
