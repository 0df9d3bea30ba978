import { MAP } from '@zview/contracts';
import { BASEMAP_MAX_ZOOM, BASEMAP_MIN_ZOOM, type BASEMAP_LAYERS } from './basemap.js';
import type { BBox } from './geo.js';
import { SIGNED_SCOPES, type UrlSigner } from './signing.js';
import { mapSourceUrls } from './urls.js';

export const MAP_STYLE_NAMES = ['street', 'satellite'] as const;
export type MapStyleName = (typeof MAP_STYLE_NAMES)[number];

/**
 * A MapLibre style JSON served by us: 'satellite' is our raster tiles with street and place names
 * on top, 'street' a street map drawn from our vector tiles of the world's data (streets with
 * names, parcels, buildings, water, house numbers, places) wherever the world has data. Glyphs
 * come from the web app's own files; no sprites. URLs inside are signed with the same expiry as
 * the style's own URL. `bbox` is accepted for old clients and no longer needed.
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
      glyphs: glyphsUrl(opts.origin),
      sources: {
        satellite: {
          type: 'raster',
          tiles: [satelliteTiles],
          tileSize: 256,
          minzoom: MAP.minZoom,
          maxzoom: MAP.maxZoom,
          attribution: 'Z-VIEW sample imagery',
        },
        basemap: basemapSource(opts),
      },
      layers: [
        { id: 'background', type: 'background', paint: { 'background-color': '#6f8f4e' } },
        // No fade-in: maplibre counts a fading tile as still loading and redraws every frame until
        // it is opaque, so a 300 ms fade holds back the first complete frame (and costs frames).
        { id: 'satellite', type: 'raster', source: 'satellite', paint: { 'raster-fade-duration': 0 } },
        ...labelLayers('satellite'),
      ],
    };
  }
  return {
    ...base,
    glyphs: glyphsUrl(opts.origin),
    sources: { basemap: basemapSource(opts) },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f2efe9' } },
      { id: 'water', type: 'fill', ...from('water'), paint: { 'fill-color': '#aad3df' } },
      { id: 'parcels', type: 'fill', ...from('parcels'), paint: { 'fill-color': '#ebe6da' } },
      { id: 'parcel-lines', type: 'line', ...from('parcels'), paint: { 'line-color': '#cfc6b4', 'line-width': 1 } },
      {
        id: 'road-casing',
        type: 'line',
        ...from('roads'),
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#c8c2b4', 'line-width': ['interpolate', ['exponential', 2], ['zoom'], 16, 8, 21, 240] },
      },
      {
        id: 'roads',
        type: 'line',
        ...from('roads'),
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#ffffff', 'line-width': ['interpolate', ['exponential', 2], ['zoom'], 16, 6, 21, 200] },
      },
      {
        id: 'buildings',
        type: 'fill',
        ...from('buildings'),
        paint: { 'fill-color': '#d9d0c9', 'fill-outline-color': '#b5a99e' },
      },
      {
        id: 'address-numbers',
        type: 'symbol',
        ...from('addresses'),
        minzoom: 18,
        layout: { 'text-field': ['get', 'number'], 'text-font': [GLYPH_FONT], 'text-size': 10 },
        paint: { 'text-color': '#7a705f', 'text-halo-color': '#f2efe9', 'text-halo-width': 1 },
      },
      ...labelLayers('street'),
    ],
  };
}

/** Fonts are served with the web app (apps/web/public/map-glyphs): no outside glyph service. */
export const GLYPH_FONT = 'DejaVuSans';
const glyphsUrl = (origin: string) => `${origin}/map-glyphs/{fontstack}/{range}.pbf`;

const from = (layer: (typeof BASEMAP_LAYERS)[number]) => ({ source: 'basemap', 'source-layer': layer });

/** Our vector tiles of the world's streets, parcels, buildings and places (signed like the other map URLs). */
function basemapSource(opts: { origin: string; signer: UrlSigner; nowMs?: number }) {
  const { exp, sig } = opts.signer.sign(SIGNED_SCOPES.basemapTiles, opts.nowMs ?? Date.now());
  return {
    type: 'vector',
    tiles: [`${opts.origin}/api/map/tiles/{z}/{x}/{y}.pbf?exp=${exp}&sig=${sig}`],
    minzoom: BASEMAP_MIN_ZOOM,
    maxzoom: BASEMAP_MAX_ZOOM,
    attribution: 'Z-VIEW sample data',
  };
}

/**
 * Street and place names, drawn last: over the street map, and over the aerial imagery on the
 * satellite view (the widget keeps base-map symbol layers above its own overlays).
 */
function labelLayers(style: MapStyleName): Record<string, unknown>[] {
  const onImagery = style === 'satellite';
  const text = onImagery
    ? { 'text-color': '#ffffff', 'text-halo-color': 'rgba(0, 0, 0, 0.75)', 'text-halo-width': 1.5 }
    : { 'text-color': '#3d3a35', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 };
  return [
    {
      id: 'road-labels',
      type: 'symbol',
      ...from('roads'),
      layout: {
        'symbol-placement': 'line',
        'text-field': ['get', 'name'],
        'text-font': [GLYPH_FONT],
        'text-size': ['interpolate', ['linear'], ['zoom'], 16, 12, 20, 16],
        'symbol-spacing': 300,
      },
      paint: text,
    },
    {
      id: 'place-labels',
      type: 'symbol',
      ...from('places'),
      layout: {
        'text-field': ['get', 'name'],
        'text-font': [GLYPH_FONT],
        'text-size': 15,
        'text-letter-spacing': 0.05,
        'text-transform': 'uppercase',
        'text-max-width': 12,
      },
      paint: { ...text, 'text-halo-width': 2 },
    },
  ];
}
