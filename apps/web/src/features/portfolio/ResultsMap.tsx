import { MAP, RISK_LEVELS, type PortfolioMapSource, type RiskLevel } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { FeatureCollection } from 'geojson';
import type { ExpressionSpecification, GeoJSONFeature, Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { RISK_LEVEL_COLORS, RISK_LEVEL_LABELS } from '../../ui/RiskChip';
import { detectWebGL, loadMapLibre, mapSourcesQuery } from '../map';
import { portfolioKeys } from './api/keys';
import { fetchPortfolioMapSource } from './api/mapSource';
import { loadUsStates } from './usStates';

/**
 * The portfolio's properties on a map, coloured by the risk level of the selected product. The
 * server cuts the results into vector tiles (grid clusters at low zoom, single properties from
 * `pointsMinZoom`), so the browser holds only what is on screen, whatever the portfolio's size.
 * Loaded lazily with maplibre; a click on a cluster zooms in, on a property opens the drawer.
 */
export interface ResultsMapProps {
  org: number | null;
  portfolioId: number;
  product: string;
  runId: number | null;
  /** True while the run is still scoring: tiles are refreshed as parts finish. */
  live: boolean;
  onOpen(rowNumber: number): void;
}

const SOURCE = 'portfolio';
const LIVE_REFRESH_MS = 5000;
/** Cluster counts are drawn as HTML labels (the style has no glyphs); at most this many at once. */
const MAX_LABELS = 300;

const riskColor = (key: 'risk' | 'worst', shade: 'fg' | 'bg'): ExpressionSpecification =>
  [
    'match',
    ['get', key],
    ...RISK_LEVELS.flatMap((level) => [level, RISK_LEVEL_COLORS[level][shade]]),
    RISK_LEVEL_COLORS.none[shade],
  ] as unknown as ExpressionSpecification;

function mapStyle(
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

/** Starts loading what the map needs before its tile URLs are known (the results page calls it). */
export function preloadResultsMap(): void {
  if (!detectWebGL()) return;
  loadMapLibre().catch(() => undefined);
  loadUsStates().catch(() => undefined);
}

interface Label {
  key: string;
  x: number;
  y: number;
  text: string;
}

export default function ResultsMap({ org, portfolioId, product, runId, live, onOpen }: ResultsMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  const [labels, setLabels] = useState<Label[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [webgl] = useState(detectWebGL);

  const source = useQuery({
    queryKey: portfolioKeys.map(org, portfolioId, product, runId),
    queryFn: ({ signal }) => fetchPortfolioMapSource(portfolioId, product, signal),
    // Signed URLs last an hour; fetch new ones well before.
    staleTime: 30 * 60 * 1000,
    refetchInterval: 30 * 60 * 1000,
    enabled: webgl,
  });
  const base = useQuery({ ...mapSourcesQuery(), enabled: webgl });
  const satelliteTiles = base.data?.satelliteTiles;
  const satelliteRef = useRef(satelliteTiles);
  satelliteRef.current = satelliteTiles;
  /** 'shown' once the first complete frame is drawn; until then a spinner, not a blank grey box. */
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const data = source.data;
    const element = container.current;
    if (!data || !element || !webgl) return;
    let cancelled = false;
    let map: MapLibreMap | null = null;
    setShown(false);
    Promise.all([loadMapLibre(), loadUsStates()])
      .then(([maplibre, states]) => {
        if (cancelled) return;
        map = new maplibre.Map({
          container: element,
          // The satellite layer joins when its URL arrives (effect below): the map is not made twice.
          style: mapStyle(data, satelliteRef.current, states),
          bounds: data.bounds ?? [-125, 24, -66, 50],
          fitBoundsOptions: { padding: 48, maxZoom: 15 },
          attributionControl: false,
          dragRotate: false,
          pitchWithRotate: false,
        });
        mapRef.current = map;
        map.once('idle', () => !cancelled && setShown(true));
        map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
        map.touchZoomRotate.disableRotation();
        const current = map;
        const updateLabels = () => {
          const features = current.queryRenderedFeatures({ layers: ['clusters'] }) as GeoJSONFeature[];
          const seen = new Set<string>();
          const next: Label[] = [];
          for (const feature of features) {
            if (feature.geometry.type !== 'Point' || next.length >= MAX_LABELS) continue;
            const [lng, lat] = feature.geometry.coordinates as [number, number];
            const key = `${lng.toFixed(5)},${lat.toFixed(5)}`;
            if (seen.has(key)) continue;
            seen.add(key);
            const point = current.project([lng, lat]);
            next.push({ key, x: point.x, y: point.y, text: compactCount(Number(feature.properties.count)) });
          }
          setLabels(next);
        };
        let frame = 0;
        const scheduleLabels = () => {
          cancelAnimationFrame(frame);
          frame = requestAnimationFrame(updateLabels);
        };
        current.on('render', scheduleLabels);
        current.on('click', (event) => {
          const [feature] = current.queryRenderedFeatures(event.point, { layers: ['properties', 'clusters'] });
          if (!feature) return;
          const row = feature.properties.row;
          if (typeof row === 'number' && !feature.properties.cluster) {
            onOpenRef.current(row);
            return;
          }
          current.easeTo({ center: event.lngLat, zoom: Math.min(current.getZoom() + 2.5, data.maxzoom) });
        });
        for (const layer of ['clusters', 'properties']) {
          current.on('mouseenter', layer, () => (current.getCanvas().style.cursor = 'pointer'));
          current.on('mouseleave', layer, () => (current.getCanvas().style.cursor = ''));
        }
        current.on('error', (event) => {
          // A tile that fails (expired URL, network) should not take the map down; say so once.
          if (!cancelled) setFailure(event.error?.message ?? 'Part of the map could not be loaded.');
        });
      })
      .catch(() => {
        if (!cancelled) setFailure('The map could not be loaded.');
      });
    return () => {
      cancelled = true;
      map?.remove();
      mapRef.current = null;
    };
  }, [source.data, webgl]);

  // The satellite URL arrived after the map was made: add its layer under the properties.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !satelliteTiles) return;
    const add = () => {
      if (map.getSource('satellite')) return;
      const style = mapStyle(source.data!, satelliteTiles, { type: 'FeatureCollection', features: [] });
      map.addSource('satellite', style.sources.satellite!);
      map.addLayer(
        style.layers.find((layer) => layer.id === 'satellite')!,
        'clusters',
      );
    };
    if (map.isStyleLoaded()) add();
    else map.once('load', add);
    return () => void map.off('load', add);
  }, [satelliteTiles, shown, source.data]);

  // While scoring, new results land every few seconds: reload the tiles (not the map).
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      const map = mapRef.current;
      const tiles = source.data?.tiles;
      const vector = map?.getSource(SOURCE) as { setTiles?: (tiles: string[]) => void } | undefined;
      if (tiles && vector?.setTiles) vector.setTiles(tiles.map((t) => `${t}&t=${Date.now()}`));
    }, LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [live, source.data]);

  if (!webgl) {
    return (
      <Alert severity="info" data-testid="results-map-no-webgl">
        This browser cannot draw maps (WebGL is off), so the map of the portfolio is not shown. The table below lists
        every property.
      </Alert>
    );
  }
  return (
    <Box>
      <Box
        sx={{
          position: 'relative',
          height: 440,
          borderRadius: 1,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
        }}
      >
        {/* maplibre makes its container position: relative, so it is sized by width/height, not inset. */}
        <Box
          ref={container}
          data-testid="results-map"
          data-map-state={shown ? 'shown' : 'loading'}
          aria-label="Map of the portfolio's properties by risk level"
          role="region"
          sx={{ width: '100%', height: '100%' }}
        />
        {!shown && !source.isError && (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              bgcolor: '#dce6ee',
              pointerEvents: 'none',
            }}
          >
            <CircularProgress size={32} aria-label="Loading map" />
          </Box>
        )}
        <Box aria-hidden sx={{ position: 'absolute', inset: 0, pointerEvents: 'none', overflow: 'hidden' }}>
          {labels.map((label) => (
            <Typography
              key={label.key}
              component="span"
              sx={{
                position: 'absolute',
                left: label.x,
                top: label.y,
                transform: 'translate(-50%, -50%)',
                color: '#fff',
                fontSize: 12,
                fontWeight: 700,
                lineHeight: 1,
                textShadow: '0 0 2px rgba(0,0,0,0.6)',
              }}
            >
              {label.text}
            </Typography>
          ))}
        </Box>
        {source.isError && (
          <Alert severity="error" sx={{ position: 'absolute', top: 12, left: 12, right: 64 }}>
            The map of this portfolio could not be loaded.
          </Alert>
        )}
        {source.data && source.data.bounds === null && (
          <Alert severity="info" sx={{ position: 'absolute', top: 12, left: 12, right: 64 }}>
            No property of this portfolio has been placed on the map yet.
          </Alert>
        )}
        {failure && !source.isError && (
          <Alert
            severity="warning"
            onClose={() => setFailure(null)}
            sx={{ position: 'absolute', bottom: 12, left: 12, right: 12 }}
          >
            {failure}
          </Alert>
        )}
      </Box>
      <Legend />
    </Box>
  );
}

function Legend() {
  const levels: RiskLevel[] = ['high', 'medium', 'low', 'none'];
  return (
    <Stack
      direction="row"
      spacing={2.5}
      sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="results-map-legend"
    >
      {levels.map((level) => (
        <Stack key={level} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: RISK_LEVEL_COLORS[level].fg }} />
          <Typography variant="caption">{RISK_LEVEL_LABELS[level]}</Typography>
        </Stack>
      ))}
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        Groups show how many properties they hold, coloured by their most common risk level, ringed by the highest.
        Click a group to zoom in, a property to open it.
      </Typography>
    </Stack>
  );
}

export function compactCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0).replace(/\.0$/, '')}k`;
  return `${(n / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}
