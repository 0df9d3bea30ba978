import { MAP } from '@zview/contracts';
import type { BBox } from './geo.js';
import { SIGNED_SCOPES, type UrlSigner } from './signing.js';
import { mapSourceUrls } from './urls.js';

export const MAP_STYLE_NAMES = ['street', 'satellite'] as const;
export type MapStyleName = (typeof MAP_STYLE_NAMES)[number];

/**
 * A MapLibre style JSON served by us: 'satellite' is our raster tiles, 'street' draws the
 * streets, parcels and buildings of `bbox` from our GeoJSON endpoint. No glyphs or sprites are
 * needed (no text layers), so it works without any external service. URLs inside are signed
 * with the same expiry as the style's own URL.
 */
export function mapStyle(
  name: MapStyleName,
  opts: { origin: string; signer: UrlSigner; bbox?: BBox; nowMs?: number },
): Record<string, unknown> {
  const now = opts.nowMs ?? Date.now();
  const { satelliteTiles } = mapSourceUrls(opts.origin, opts.signer, now);
  const base = { version: 8, name: `Z-VIEW ${name}`, metadata: { 'zview:style': name } };
  if (name === 'satellite') {
    return {
      ...base,
      sources: {
        satellite: {
          type: 'raster',
          tiles: [satelliteTiles],
          tileSize: 256,
          minzoom: MAP.minZoom,
          maxzoom: MAP.maxZoom,
          attribution: 'Z-VIEW sample imagery',
        },
      },
      layers: [
        { id: 'background', type: 'background', paint: { 'background-color': '#6f8f4e' } },
        // No fade-in: maplibre counts a fading tile as still loading and redraws every frame until
        // it is opaque, so a 300 ms fade holds back the first complete frame (and costs frames).
        { id: 'satellite', type: 'raster', source: 'satellite', paint: { 'raster-fade-duration': 0 } },
      ],
    };
  }
  const features = opts.signer.sign(SIGNED_SCOPES.mapFeatures, now);
  const bboxQuery = opts.bbox ? `bbox=${opts.bbox.join(',')}&` : '';
  const data = opts.bbox
    ? `${opts.origin}/api/map/features.geojson?${bboxQuery}exp=${features.exp}&sig=${features.sig}`
    : { type: 'FeatureCollection', features: [] };
  const kind = (k: string) => ['==', ['get', 'kind'], k];
  return {
    ...base,
    sources: { zview: { type: 'geojson', data, attribution: 'Z-VIEW sample data' } },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f2efe9' } },
      { id: 'water', type: 'fill', source: 'zview', filter: kind('water'), paint: { 'fill-color': '#aad3df' } },
      { id: 'parcels', type: 'fill', source: 'zview', filter: kind('parcel'), paint: { 'fill-color': '#e8e4d8' } },
      {
        id: 'parcel-lines',
        type: 'line',
        source: 'zview',
        filter: kind('parcel'),
        paint: { 'line-color': '#c9c2b0', 'line-width': 1 },
      },
      {
        id: 'road-casing',
        type: 'line',
        source: 'zview',
        filter: kind('road'),
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#c8c2b4', 'line-width': ['interpolate', ['exponential', 2], ['zoom'], 16, 8, 21, 240] },
      },
      {
        id: 'roads',
        type: 'line',
        source: 'zview',
        filter: kind('road'),
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#ffffff', 'line-width': ['interpolate', ['exponential', 2], ['zoom'], 16, 6, 21, 200] },
      },
      { id: 'pools', type: 'fill', source: 'zview', filter: kind('pool'), paint: { 'fill-color': '#9fd5e6' } },
      {
        id: 'buildings',
        type: 'fill',
        source: 'zview',
        filter: kind('building'),
        paint: { 'fill-color': '#d9d0c9', 'fill-outline-color': '#b5a99e' },
      },
    ],
  };
}
