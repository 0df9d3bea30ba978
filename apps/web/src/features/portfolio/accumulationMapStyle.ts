import type { Feature, FeatureCollection, Polygon } from 'geojson';
import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { HEXAGON_SOURCE_IDS, type HexagonSourceId } from './hexagonSources';
import { DOTS_BELOW_ZOOM, HEXAGON_ZOOMS } from './hexagonZoom';

/** The book map's style (issue 43): state outlines, the hexagons of value, the ring chosen and its rows. */

export const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

const SHADE = ['interpolate', ['linear'], ['get', 'share'], 0, '#fde7c8', 0.25, '#f59e42', 1, '#9a1c1c'];

/** A circle of `radius` metres as a polygon of 64 points. */
export function circlePolygon(latitude: number, longitude: number, radius: number): Feature<Polygon> {
  const points: [number, number][] = [];
  const dLat = radius / 111_320;
  const dLng = dLat / Math.cos((latitude * Math.PI) / 180);
  for (let k = 0; k <= 64; k++) {
    const a = (k / 64) * 2 * Math.PI;
    points.push([longitude + dLng * Math.cos(a), latitude + dLat * Math.sin(a)]);
  }
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [points] } };
}

/** The style, with the hexagon sources given (the others empty until their zoom: hexagonSources.ts). */
export function accumulationMapStyle(
  states: FeatureCollection,
  hexagons: Partial<Record<HexagonSourceId, FeatureCollection>>,
): StyleSpecification {
  return {
    version: 8,
    sources: {
      states: { type: 'geojson', data: states },
      ...Object.fromEntries(HEXAGON_SOURCE_IDS.map((id) => [id, { type: 'geojson', data: hexagons[id] ?? EMPTY }])),
      ring: { type: 'geojson', data: EMPTY },
      'ring-rows': { type: 'geojson', data: EMPTY },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#dce6ee' } },
      { id: 'states-fill', type: 'fill', source: 'states', paint: { 'fill-color': '#f8f9fa' } },
      { id: 'states-line', type: 'line', source: 'states', paint: { 'line-color': '#aab4be', 'line-width': 0.8 } },
      ...HEXAGON_ZOOMS.map(({ resolution, minzoom, maxzoom }): LayerSpecification => ({
        id: `hexagons-${resolution}`,
        type: 'fill',
        source: `hexagons-${resolution}`,
        minzoom: resolution === 5 ? DOTS_BELOW_ZOOM : minzoom,
        maxzoom,
        paint: {
          'fill-color': SHADE as ExpressionSpecification,
          'fill-opacity': 0.75,
          'fill-outline-color': '#9a1c1c',
        },
      })),
      {
        id: 'hexagon-dots',
        type: 'circle',
        source: 'hexagon-centres',
        maxzoom: DOTS_BELOW_ZOOM,
        paint: {
          'circle-color': SHADE as ExpressionSpecification,
          'circle-radius': ['interpolate', ['linear'], ['get', 'share'], 0, 3, 1, 9],
          'circle-opacity': 0.85,
          'circle-stroke-color': '#9a1c1c',
          'circle-stroke-width': 0.5,
        },
      },
      { id: 'ring-fill', type: 'fill', source: 'ring', paint: { 'fill-color': '#1f5fa8', 'fill-opacity': 0.12 } },
      { id: 'ring-line', type: 'line', source: 'ring', paint: { 'line-color': '#1f5fa8', 'line-width': 2 } },
      {
        id: 'ring-rows',
        type: 'circle',
        source: 'ring-rows',
        paint: {
          'circle-color': '#1f5fa8',
          'circle-radius': 5,
          'circle-stroke-width': 1.5,
          'circle-stroke-color': '#ffffff',
        },
      },
    ],
  };
}
