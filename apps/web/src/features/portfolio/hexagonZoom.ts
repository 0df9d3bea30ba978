/**
 * Which H3 resolution the book map draws at which zoom (issue 43). One resolution for every zoom
 * left a single cell covering the whole map once zoomed onto a small book; each band below keeps a
 * cell between about 10 pixels (where the band starts, at the equator) and well under the narrowest
 * map (320 px) up to 60° of latitude, and the map cannot zoom past MAX_MAP_ZOOM, beyond which even a
 * resolution-9 cell (the finest the dashboard sends) would fill it.
 */

/** The zooms each H3 resolution is drawn at (minzoom inclusive, maxzoom exclusive, as in maplibre). */
export const HEXAGON_ZOOMS = [
  { resolution: 5, minzoom: 0, maxzoom: 9 },
  { resolution: 7, minzoom: 9, maxzoom: 12 },
  { resolution: 9, minzoom: 12, maxzoom: 24 },
] as const;

export type HexagonResolution = (typeof HEXAGON_ZOOMS)[number]['resolution'];

/** Below this zoom resolution 5's cells are a pixel or two: each is drawn as a dot at its centre. */
export const DOTS_BELOW_ZOOM = 6;

/** The map's deepest zoom: a resolution-9 cell (~0.4 km across) stays under half a 420-px map. */
export const MAX_MAP_ZOOM = 14;

/** The deepest zoom the map opens at when fitting the book (a single-cell book included). */
export const FIT_MAX_ZOOM = 13;

/** The resolution drawn at `zoom` (the band whose layer is visible there). */
export function hexagonResolutionAt(zoom: number): HexagonResolution {
  const band = HEXAGON_ZOOMS.find(({ minzoom, maxzoom }) => zoom >= minzoom && zoom < maxzoom);
  return (band ?? HEXAGON_ZOOMS[HEXAGON_ZOOMS.length - 1]!).resolution;
}

const EARTH_CIRCUMFERENCE_M = 40_075_016.686;

/** Ground metres per CSS pixel at `zoom` and `latitude` (maplibre's 512-pixel tiles, Web Mercator). */
export function metresPerPixel(zoom: number, latitude: number): number {
  return (EARTH_CIRCUMFERENCE_M * Math.cos((latitude * Math.PI) / 180)) / (512 * 2 ** zoom);
}
