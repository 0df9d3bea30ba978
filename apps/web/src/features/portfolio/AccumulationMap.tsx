import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { Hexagons, Ring, RingRows } from '@zview/contracts';
import { cellToBoundary, cellToLatLng } from 'h3-js';
import type { Feature, FeatureCollection, Point, Polygon } from 'geojson';
import type {
  ExpressionSpecification,
  GeoJSONSource,
  LayerSpecification,
  Map as MapLibreMap,
  StyleSpecification,
} from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { detectWebGL, loadMapLibre } from '../map';
import { DOTS_BELOW_ZOOM, FIT_MAX_ZOOM, HEXAGON_ZOOMS, MAX_MAP_ZOOM } from './hexagonZoom';
import { loadUsStates } from './usStates';

/**
 * The book's value as hexagons (H3, shaded by value, or by rows when the file has no value column),
 * and the ring chosen in the list: its circle and its rows, the map moved onto it.
 * The hexagons' resolution follows the zoom (hexagonZoom.ts); zoomed out, where even the coarsest
 * cells are a pixel or two, each is drawn as a dot at its centre.
 */
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

type Hexagon = Hexagons['hexagons'][number];

/**
 * Each hexagon's outline (from its index: the server sends cells, not outlines, which were most of
 * a million-row book's dashboard bytes) with its share of the largest of its resolution (the
 * shade), and the centres of resolution 5's (drawn as dots zoomed out).
 */
export function hexagonFeatures(hexagons: readonly Hexagon[], byValue: boolean) {
  const weight = (h: Hexagon) => (byValue ? h.value : h.count);
  const max = new Map<number, number>();
  for (const h of hexagons) max.set(h.resolution, Math.max(max.get(h.resolution) ?? 1, weight(h)));
  const polygons: Feature<Polygon>[] = [];
  const centres: Feature<Point>[] = [];
  for (const h of hexagons) {
    const properties = { share: weight(h) / max.get(h.resolution)!, resolution: h.resolution };
    polygons.push({
      type: 'Feature',
      properties,
      geometry: { type: 'Polygon', coordinates: [cellToBoundary(h.cell, true)] },
    });
    if (h.resolution === 5) {
      const [lat, lng] = cellToLatLng(h.cell);
      centres.push({ type: 'Feature', properties, geometry: { type: 'Point', coordinates: [lng, lat] } });
    }
  }
  return {
    polygons: { type: 'FeatureCollection', features: polygons } as FeatureCollection<Polygon>,
    centres: { type: 'FeatureCollection', features: centres } as FeatureCollection,
  };
}

/** Where the book is: the outline of its finest cells (the coarse ones reach far past its rows). */
export function bookBounds(features: FeatureCollection<Polygon>): [number, number, number, number] | null {
  const finest = Math.max(...features.features.map((f) => Number(f.properties?.resolution)));
  const points = features.features
    .filter((f) => f.properties?.resolution === finest)
    .flatMap((f) => f.geometry.coordinates[0]!);
  if (!points.length) return null;
  const lngs = points.map((p) => p[0]!);
  const lats = points.map((p) => p[1]!);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

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

function style(states: FeatureCollection, hexagons: ReturnType<typeof hexagonFeatures>): StyleSpecification {
  return {
    version: 8,
    sources: {
      states: { type: 'geojson', data: states },
      hexagons: { type: 'geojson', data: hexagons.polygons },
      'hexagon-centres': { type: 'geojson', data: hexagons.centres },
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
        source: 'hexagons',
        filter: ['==', ['get', 'resolution'], resolution],
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

/** What the map needs first (its code, maplibre, the state outlines), loaded while the data is asked for. */
export function preloadAccumulationMap() {
  return Promise.all([loadMapLibre(), loadUsStates()]);
}

export default function AccumulationMap({
  hexagons: cells,
  ring,
  ringRows,
}: {
  hexagons: Hexagons;
  ring: Ring | null;
  ringRows: RingRows['rows'];
}) {
  const container = useRef<HTMLDivElement | null>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const [ready, setReady] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [webgl] = useState(detectWebGL);

  useEffect(() => {
    const element = container.current;
    if (!element || !webgl) return;
    let cancelled = false;
    let map: MapLibreMap | null = null;
    Promise.all([loadMapLibre(), loadUsStates()])
      .then(([maplibre, states]) => {
        if (cancelled) return;
        const hexagons = hexagonFeatures(cells.hexagons, cells.hasValue);
        map = new maplibre.Map({
          container: element,
          style: style(states, hexagons),
          bounds: bookBounds(hexagons.polygons) ?? [-125, 24, -66, 50],
          fitBoundsOptions: { padding: 40, maxZoom: FIT_MAX_ZOOM },
          maxZoom: MAX_MAP_ZOOM,
          attributionControl: false,
          dragRotate: false,
        });
        mapRef.current = map;
        map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
        map.once('load', () => !cancelled && setReady(true));
      })
      .catch(() => !cancelled && setFailure('The map could not be loaded.'));
    return () => {
      cancelled = true;
      map?.remove();
      mapRef.current = null;
      setReady(false);
    };
  }, [cells, webgl]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    (map.getSource('ring') as GeoJSONSource).setData(
      ring
        ? { type: 'FeatureCollection', features: [circlePolygon(ring.latitude, ring.longitude, ring.radius)] }
        : EMPTY,
    );
    (map.getSource('ring-rows') as GeoJSONSource).setData({
      type: 'FeatureCollection',
      features: ringRows.map((row) => ({
        type: 'Feature',
        properties: { row: row.rowNumber },
        geometry: { type: 'Point', coordinates: [row.longitude, row.latitude] },
      })),
    });
    if (ring) {
      const circle = circlePolygon(ring.latitude, ring.longitude, ring.radius).geometry.coordinates[0]!;
      const xs = circle.map((p) => p[0]!);
      const ys = circle.map((p) => p[1]!);
      map.fitBounds([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], {
        padding: 40,
        duration: 600,
      });
    }
  }, [ring, ringRows, ready]);

  if (!webgl) return <Alert severity="info">This browser cannot draw maps (WebGL is off).</Alert>;
  if (failure) return <Alert severity="warning">{failure}</Alert>;
  return (
    <Box
      sx={{ height: 420, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
      ref={container}
      role="region"
      aria-label="Map of the book's value"
      data-testid="accumulation-map"
      data-map-state={ready ? 'shown' : 'loading'}
      data-ring-rows={ringRows.length}
    />
  );
}
