import { MAP } from '@zview/contracts';
import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';
import { buildingFeatures, imageCorners, isValidBounds, parcelFeatures } from '../model/geometry';
import type { Building, ImageItem, ParcelGeometry, ToggleableLayer } from '../types';

/** Our sources and layers, drawn over whichever base map is active. */
export interface OverlayData {
  /** Imagery stacked bottom-up; the standard map has one, the oblique slider several. */
  images: ImageItem[];
  parcel?: ParcelGeometry | null;
  buildings?: Building[];
}

export const SOURCE = {
  parcel: 'zv-parcel',
  buildings: 'zv-buildings',
  image: (i: number) => `zv-image-${i}`,
} as const;
export const LAYER = {
  image: (i: number) => `zv-image-${i}`,
  parcelFill: 'zv-parcel-fill',
  parcelLine: 'zv-parcel-line',
  buildingFill: 'zv-building-fill',
  buildingLine: 'zv-building-line',
} as const;

/** Style layers behind each toggle ('location' and the building labels are DOM markers). */
export function styleLayerIds(layer: ToggleableLayer, imageCount: number): string[] {
  switch (layer) {
    case 'aerial':
      return Array.from({ length: imageCount }, (_, i) => LAYER.image(i));
    case 'parcel':
      return [LAYER.parcelFill, LAYER.parcelLine];
    case 'building':
      return [LAYER.buildingFill, LAYER.buildingLine];
    case 'location':
      return [];
  }
}

export interface OverlayOptions {
  visible: Record<ToggleableLayer, boolean>;
  /** Per-image opacity (oblique slider); 1 when absent. */
  imageOpacity?: (index: number) => number;
}

const PARCEL_COLOR = '#ffc83d';
const BUILDING_COLOR = '#4fc3f7';

export function overlaySources(data: OverlayData): Record<string, SourceSpecification> {
  const sources: Record<string, SourceSpecification> = {};
  data.images.forEach((image, i) => {
    if (isValidBounds(image.imageBounds))
      sources[SOURCE.image(i)] = { type: 'image', url: image.imageUrl, coordinates: imageCorners(image.imageBounds) };
  });
  if (data.parcel) sources[SOURCE.parcel] = { type: 'geojson', data: parcelFeatures(data.parcel), generateId: true };
  if (data.buildings?.length) sources[SOURCE.buildings] = { type: 'geojson', data: buildingFeatures(data.buildings) };
  return sources;
}

export function overlayLayers(data: OverlayData, options: OverlayOptions): LayerSpecification[] {
  const visibility = (layer: ToggleableLayer) => (options.visible[layer] ? 'visible' : 'none') as 'visible' | 'none';
  const layers: LayerSpecification[] = [];
  data.images.forEach((image, i) => {
    if (!isValidBounds(image.imageBounds)) return;
    layers.push({
      id: LAYER.image(i),
      type: 'raster',
      source: SOURCE.image(i),
      layout: { visibility: visibility('aerial') },
      paint: {
        'raster-opacity': options.imageOpacity?.(i) ?? 1,
        'raster-opacity-transition': { duration: MAP.opacityTransitionMs, delay: 0 },
        'raster-fade-duration': 0,
      },
    });
  });
  if (data.parcel) {
    layers.push(
      {
        id: LAYER.parcelFill,
        type: 'fill',
        source: SOURCE.parcel,
        layout: { visibility: visibility('parcel') },
        paint: {
          'fill-color': PARCEL_COLOR,
          'fill-opacity': [
            'case',
            ['boolean', ['feature-state', 'hover'], false],
            MAP.parcelFillHoverOpacity,
            MAP.parcelFillOpacity,
          ],
        },
      },
      {
        id: LAYER.parcelLine,
        type: 'line',
        source: SOURCE.parcel,
        layout: { visibility: visibility('parcel'), 'line-join': 'round' },
        paint: { 'line-color': PARCEL_COLOR, 'line-width': 2.5 },
      },
    );
  }
  if (data.buildings?.length) {
    layers.push(
      {
        id: LAYER.buildingFill,
        type: 'fill',
        source: SOURCE.buildings,
        layout: { visibility: visibility('building') },
        paint: { 'fill-color': BUILDING_COLOR, 'fill-opacity': 0.12 },
      },
      {
        id: LAYER.buildingLine,
        type: 'line',
        source: SOURCE.buildings,
        layout: { visibility: visibility('building'), 'line-join': 'round' },
        paint: { 'line-color': BUILDING_COLOR, 'line-width': 2, 'line-dasharray': [2, 1] },
      },
    );
  }
  return layers;
}

/**
 * The base style with our overlay on top. Used as maplibre's transformStyle, so a street/satellite
 * switch re-applies the active layers exactly as they were (SPEC §4).
 */
export function composeStyle(base: StyleSpecification, data: OverlayData, options: OverlayOptions): StyleSpecification {
  const ours = (id: string) => id.startsWith('zv-') && !id.startsWith('zv-base-');
  const baseSources = Object.fromEntries(Object.entries(base.sources ?? {}).filter(([id]) => !ours(id)));
  const baseLayers = (base.layers ?? []).filter((l) => !ours(l.id));
  // The base map's labels (street and place names) stay readable over the aerial image and our outlines.
  const labels = baseLayers.filter((l) => l.type === 'symbol');
  const street = isStreetStyle(base.metadata);
  return {
    ...base,
    sources: { ...baseSources, ...overlaySources(data) },
    layers: [
      ...baseLayers.filter((l) => l.type !== 'symbol'),
      ...overlayLayers(data, street ? { ...options, imageOpacity: streetImageOpacity(options) } : options),
      ...labels,
    ],
  };
}

/**
 * On the street map the aerial image is a faint tint, so Street and Satellite differ where the
 * image covers the map (issue 45); the Aerial Imagery toggle still hides or shows it.
 */
export const STREET_IMAGE_OPACITY = 0.25;
export const streetImageOpacity =
  (options: OverlayOptions) =>
  (index: number): number =>
    (options.imageOpacity?.(index) ?? 1) * STREET_IMAGE_OPACITY;

/** Our server's street style says so in its metadata (`zview:style`). */
export function isStreetStyle(metadata: unknown): boolean {
  return (metadata as Record<string, unknown> | undefined)?.['zview:style'] === 'street';
}
