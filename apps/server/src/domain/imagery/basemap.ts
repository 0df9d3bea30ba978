import { geoJSONToTile } from '@maplibre/geojson-vt';
import { BASEMAP_TILE_ZOOM } from '@zview/contracts';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { BBox, LngLat } from './geo.js';
import type { SceneRoad } from './scene.js';

/**
 * The street base map as Mapbox Vector Tiles, drawn from the world's own data: streets with
 * names, parcels, buildings, water, house numbers and place names. One tile per request, cut
 * from the features of the tile's area (plus a margin so lines and labels cross tile edges).
 */
export interface BasemapData {
  parcels: GeoJSON.Polygon[];
  buildings: GeoJSON.Polygon[];
  roads: SceneRoad[];
  water: GeoJSON.Polygon[];
  addresses: { point: LngLat; number: string }[];
  places: { point: LngLat; name: string; city: string }[];
}

export type BasemapProvider = (bbox: BBox) => Promise<BasemapData>;

/** Vector tiles exist for these zooms; the style overzooms z16 up to the map's 21. */
export const BASEMAP_MIN_ZOOM = BASEMAP_TILE_ZOOM.min;
export const BASEMAP_MAX_ZOOM = BASEMAP_TILE_ZOOM.max;
/** Layer names inside a tile (the style's `source-layer`s). */
export const BASEMAP_LAYERS = ['water', 'parcels', 'buildings', 'roads', 'addresses', 'places'] as const;

const EXTENT = 4096;

const feature = (geometry: GeoJSON.Geometry, properties: GeoJSON.GeoJsonProperties = {}): GeoJSON.Feature => ({
  type: 'Feature',
  geometry,
  properties,
});

function layerFeatures(data: BasemapData): Record<(typeof BASEMAP_LAYERS)[number], GeoJSON.Feature[]> {
  return {
    water: data.water.map((g) => feature(g)),
    parcels: data.parcels.map((g) => feature(g)),
    buildings: data.buildings.map((g) => feature(g)),
    roads: data.roads.map((r) => feature(r.line, { name: r.name ?? '', widthM: r.widthM })),
    addresses: data.addresses.map((a) => feature({ type: 'Point', coordinates: a.point }, { number: a.number })),
    places: data.places.map((p) => feature({ type: 'Point', coordinates: p.point }, { name: p.name, city: p.city })),
  };
}

/** One tile z/x/y as MVT bytes (an empty tile is a valid, near-empty protobuf). */
export function encodeBasemapTile(data: BasemapData, z: number, x: number, y: number): Uint8Array {
  const layers: Parameters<typeof fromGeojsonVt>[0] = {};
  for (const [name, features] of Object.entries(layerFeatures(data))) {
    if (!features.length) continue;
    const tile = geoJSONToTile({ type: 'FeatureCollection', features }, z, x, y, {
      extent: EXTENT,
      buffer: 128,
      clip: true,
      maxZoom: 24,
    });
    if (tile?.features.length) layers[name] = tile;
  }
  return fromGeojsonVt(layers, { version: 2, extent: EXTENT });
}

export const emptyBasemap: BasemapProvider = async () => ({
  parcels: [],
  buildings: [],
  roads: [],
  water: [],
  addresses: [],
  places: [],
});

/**
 * Encoded tiles kept in memory for a few minutes: panning back and forth, and several people
 * looking at the same neighbourhood, cost one query and one encode per tile. Short-lived so an
 * import shows within minutes without any invalidation protocol between processes.
 */
export class BasemapTileCache {
  private readonly entries = new Map<string, { at: number; bytes: Promise<Uint8Array> }>();

  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly maxEntries = 2_000,
  ) {}

  get(key: string, make: () => Promise<Uint8Array>, now = Date.now()): Promise<Uint8Array> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.bytes;
    const bytes = make();
    this.entries.delete(key);
    this.entries.set(key, { at: now, bytes });
    bytes.catch(() => this.entries.delete(key));
    // Oldest first in a Map's order: drop from the front.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return bytes;
  }
}
