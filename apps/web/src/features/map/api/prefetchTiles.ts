import { MAP } from '@zview/contracts';
import type { LngLat } from '../types';

/**
 * The satellite tiles the standard map will ask for first, fetched as soon as the property is
 * known: the server renders them while maplibre and the imagery panel are still starting, so the
 * first map frame follows the scores sooner. The map opens on the buildings at
 * MAP.buildingFitMaxZoom (a house is smaller than the panel); maplibre's zoom counts 512-pixel
 * tiles, so our 256-pixel tiles come one level deeper. These are the tiles around the point
 * that the panel (about 505×385) shows. Same signed URLs as the style's: the browser cache
 * answers the map's own requests.
 */
const VIEW_HALF_PX = { x: 260, y: 200 };
const TILE_PX = 256;

/** Web-mercator tile x/y ranges covering `halfPx` around `point` at integer zoom `z`. */
export function tilesAround(point: LngLat, z: number, halfPx = VIEW_HALF_PX): { x: number; y: number }[] {
  const scale = TILE_PX * 2 ** z;
  const px = ((point.lng + 180) / 360) * scale;
  const sin = Math.sin((point.lat * Math.PI) / 180);
  const py = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale;
  const tiles: { x: number; y: number }[] = [];
  for (let x = Math.floor((px - halfPx.x) / TILE_PX); x <= Math.floor((px + halfPx.x) / TILE_PX); x++) {
    for (let y = Math.floor((py - halfPx.y) / TILE_PX); y <= Math.floor((py + halfPx.y) / TILE_PX); y++) tiles.push({ x, y });
  }
  return tiles;
}

export function satelliteTileUrls(template: string, point: LngLat, z = MAP.buildingFitMaxZoom + 1): string[] {
  return tilesAround(point, z).map(({ x, y }) => template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)));
}

/** Fire and forget: a failed prefetch only means the map fetches the image itself. */
export function prefetchImages(urls: readonly string[]): void {
  for (const url of urls) fetch(url, { credentials: 'same-origin' }).catch(() => {});
}

export function prefetchSatelliteTiles(template: string, point: LngLat): void {
  prefetchImages(satelliteTileUrls(template, point));
}
