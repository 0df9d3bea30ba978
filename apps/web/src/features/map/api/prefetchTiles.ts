import { MAP } from '@zview/contracts';
import type { Building } from '@zview/contracts';
import { buildingsBounds } from '../model/geometry';
import { buildingFitPadding } from '../model/mode';
import type { LngLat } from '../types';

/**
 * The satellite tiles the standard map will ask for first, fetched as soon as the property is
 * known: the server renders them while maplibre and the imagery panel are still starting, so the
 * first map frame follows the scores sooner. Same signed URLs as the style's: the browser cache
 * answers the map's own requests. The panel is about 505×385 pixels.
 */
const VIEW_PX = { width: 520, height: 400 };
const TILE_PX = 256;
/** maplibre's zoom counts 512-pixel tiles. */
const WORLD_PX = 512;

const mercatorX = (lng: number) => (lng + 180) / 360;
function mercatorY(lat: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
}

/**
 * Where the standard map opens: maplibre's fitBounds over the buildings (buildingFitPadding: 20 px
 * inside the controls' band on each side, at most MAP.buildingFitMaxZoom), or the point at MAP.recenterZoom.
 */
export function firstMapView(
  buildings: [[number, number], [number, number]] | null,
  point: LngLat,
  view = VIEW_PX,
): { center: LngLat; zoom: number } {
  if (!buildings) return { center: point, zoom: MAP.recenterZoom };
  const [[west, south], [east, north]] = buildings;
  const width = Math.max(1e-12, (mercatorX(east) - mercatorX(west)) * WORLD_PX);
  const height = Math.max(1e-12, (mercatorY(south) - mercatorY(north)) * WORLD_PX);
  const pad = 2 * buildingFitPadding();
  const zoom = Math.min(
    MAP.buildingFitMaxZoom,
    Math.log2(Math.min((view.width - pad) / width, (view.height - pad) / height)),
  );
  // fitBounds centres the bounds in mercator space.
  const y = (mercatorY(south) + mercatorY(north)) / 2;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
  return { center: { lng: (west + east) / 2, lat }, zoom };
}

/** The level of our 256-pixel raster tiles maplibre draws at `zoom` (it rounds raster zooms). */
export function rasterTileLevel(zoom: number): number {
  return Math.round(zoom + Math.log2(WORLD_PX / TILE_PX));
}

/** Web-mercator tile x/y ranges covering a view of `view` pixels around `point` at integer level `z`. */
export function tilesAround(point: LngLat, z: number, view = VIEW_PX): { x: number; y: number }[] {
  const scale = TILE_PX * 2 ** z;
  const px = mercatorX(point.lng) * scale;
  const py = mercatorY(point.lat) * scale;
  const half = { x: view.width / 2, y: view.height / 2 };
  const tiles: { x: number; y: number }[] = [];
  for (let x = Math.floor((px - half.x) / TILE_PX); x <= Math.floor((px + half.x) / TILE_PX); x++) {
    for (let y = Math.floor((py - half.y) / TILE_PX); y <= Math.floor((py + half.y) / TILE_PX); y++)
      tiles.push({ x, y });
  }
  return tiles;
}

/** The URLs of the tiles a map opening on `view` draws first. */
export function satelliteTileUrls(template: string, view: { center: LngLat; zoom: number }): string[] {
  // Between two levels maplibre scales the nearer one: the view in that level's pixels.
  const z = rasterTileLevel(view.zoom);
  const scale = 2 ** (z - view.zoom - Math.log2(WORLD_PX / TILE_PX));
  const size = { width: VIEW_PX.width * scale, height: VIEW_PX.height * scale };
  return tilesAround(view.center, z, size).map(({ x, y }) =>
    template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)),
  );
}

/** Fire and forget: a failed prefetch only means the map fetches the image (or style) itself. */
export function warmHttpCache(urls: readonly string[]): void {
  for (const url of urls) fetch(url, { credentials: 'same-origin' }).catch(() => {});
}

/** Prefetches the first view of a property's standard map: its buildings (as the map fits them), else its point. */
export function prefetchSatelliteTiles(template: string, property: { buildings: Building[]; point: LngLat }): void {
  warmHttpCache(satelliteTileUrls(template, firstMapView(buildingsBounds(property.buildings), property.point)));
}
