import { MAP, RISK_LEVELS, type PortfolioMapSource } from '@zview/contracts';
import type { FeatureCollection } from 'geojson';
import type { ExpressionSpecification, StyleSpecification } from 'maplibre-gl';
import { RISK_LEVEL_COLORS } from '../../ui/RiskChip';

/** The results map's style (vector tiles of the run's results over the state outlines) and its count labels. */
export const SOURCE = 'portfolio';

const riskColor = (key: 'risk' | 'worst', shade: 'fg' | 'bg'): ExpressionSpecification =>
  [
    'match',
    ['get', key],
    ...RISK_LEVELS.flatMap((level) => [level, RISK_LEVEL_COLORS[level][shade]]),
    RISK_LEVEL_COLORS.none[shade],
  ] as unknown as ExpressionSpecification;

export function mapStyle(
  source: PortfolioMapSource,
  satelliteTiles: string | undefined,
  states: FeatureCollection,
): StyleSpecification {
  return {
    version: 8,
    sources: {
      [SOURCE]: { type: 'vector', tiles: source.tiles, minzoom: 0, maxzoom: source.pointsMinZoom + 2 },
      states: { type: 'geojson', data: states },
      ...(satelliteTiles
        ? {
            satellite: {
              type: 'raster' as const,
              tiles: [satelliteTiles],
              tileSize: 256,
              minzoom: MAP.minZoom,
              maxzoom: MAP.maxZoom,
            },
          }
        : {}),
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#dce6ee' } },
      { id: 'states-fill', type: 'fill', source: 'states', paint: { 'fill-color': '#f8f9fa' } },
      {
        id: 'states-line',
        type: 'line',
        source: 'states',
        paint: { 'line-color': '#aab4be', 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 10, 1.5] },
      },
      ...(satelliteTiles
        ? [{ id: 'satellite', type: 'raster' as const, source: 'satellite', minzoom: MAP.minZoom }]
        : []),
      {
        id: 'clusters',
        type: 'circle',
        source: SOURCE,
        'source-layer': source.layer,
        filter: ['==', ['get', 'cluster'], true],
        paint: {
          'circle-color': riskColor('risk', 'fg'),
          'circle-opacity': 0.8,
          'circle-radius': ['interpolate', ['linear'], ['ln', ['get', 'count']], 0, 9, 4, 15, 9, 26, 14, 34],
          'circle-stroke-width': 3,
          'circle-stroke-color': riskColor('worst', 'fg'),
        },
      },
      {
        id: 'properties',
        type: 'circle',
        source: SOURCE,
        'source-layer': source.layer,
        filter: ['!=', ['get', 'cluster'], true],
        paint: {
          'circle-color': riskColor('risk', 'fg'),
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 5, 16, 8],
          'circle-stroke-width': 1.5,
          'circle-stroke-color': '#ffffff',
        },
      },
    ],
  };
}

export function compactCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0).replace(/\.0$/, '')}k`;
  return `${(n / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}
