import type { MapStyle } from '@zview/contracts';
import type { StyleSpecification } from 'maplibre-gl';

/** A base map: a style URL or an inline style. */
export type BaseStyle = string | StyleSpecification;
export type BaseStyles = Record<MapStyle, BaseStyle>;

const background = (id: string, color: string): StyleSpecification => ({
  version: 8,
  name: id,
  sources: {},
  layers: [{ id: `zv-base-${id}`, type: 'background', paint: { 'background-color': color } }],
});

/**
 * Built-in base maps that need no network: a plain background under the aerial overlay and the
 * GeoJSON layers. The widget works offline and in tests with these.
 */
export const OFFLINE_BASE_STYLES: BaseStyles = {
  street: background('street', '#e8ecef'),
  satellite: background('satellite', '#3a4536'),
};

/**
 * Under imagery the view is held to (before/after, obliques: maxBounds keeps the camera inside the
 * pictures), a base map is never seen: a plain background, not a satellite tile in sight
 * (issue 21: the expanded before/after fetched and decoded dozens of hidden tiles).
 */
export function baseUnderImagery(heldToImagery: boolean, baseStyles: BaseStyles): BaseStyle {
  return heldToImagery ? OFFLINE_BASE_STYLES.satellite : baseStyles.satellite;
}

/**
 * Base maps served by our own server: a street style JSON and satellite raster tiles.
 * `origin` makes the URLs absolute, which maplibre needs for sprites and glyphs.
 */
export function serverBaseStyles(origin: string = globalThis.location?.origin ?? ''): BaseStyles {
  return {
    street: `${origin}/api/map/style/street.json`,
    satellite: {
      version: 8,
      name: 'satellite',
      sources: {
        satellite: {
          type: 'raster',
          tiles: [`${origin}/api/tiles/satellite/{z}/{x}/{y}.png`],
          tileSize: 256,
          maxzoom: 19,
        },
      },
      layers: [
        { id: 'zv-base-satellite-bg', type: 'background', paint: { 'background-color': '#3a4536' } },
        // No fade-in, as in the server's satellite style: a fading tile holds back the first complete frame.
        { id: 'zv-base-satellite', type: 'raster', source: 'satellite', paint: { 'raster-fade-duration': 0 } },
      ],
    },
  };
}

/** Mapbox-hosted styles (mapbox://…) cannot be used by maplibre; any other URL can. */
export function styleFromMapboxConfig(mapStyle: string | undefined): string | undefined {
  return mapStyle && !mapStyle.startsWith('mapbox://') ? mapStyle : undefined;
}

export function resolveBaseStyles(...candidates: (Partial<BaseStyles> | undefined)[]): BaseStyles {
  const merged: Partial<BaseStyles> = {};
  for (const candidate of candidates) {
    if (!candidate) continue;
    merged.street ??= candidate.street;
    merged.satellite ??= candidate.satellite;
  }
  return {
    street: merged.street ?? OFFLINE_BASE_STYLES.street,
    satellite: merged.satellite ?? OFFLINE_BASE_STYLES.satellite,
  };
}
