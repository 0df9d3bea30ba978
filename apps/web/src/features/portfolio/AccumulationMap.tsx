import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { Hexagons, Ring, RingRows } from '@zview/contracts';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { markPerformance, PERFORMANCE_MARKS } from '../../ui/performanceMarks';
import { detectWebGL, loadMapLibre } from '../map';
import { accumulationMapStyle, circlePolygon, EMPTY } from './accumulationMapStyle';
import { hexagonSourceAt, hexagonSources, type HexagonSources } from './hexagonSources';
import { FIT_MAX_ZOOM, MAX_MAP_ZOOM } from './hexagonZoom';
import { loadUsStates } from './usStates';

/**
 * The book's value as hexagons (H3, shaded by value, or by rows when the file has no value column),
 * and the ring chosen in the list: its circle and its rows, the map moved onto it.
 * The hexagons' resolution follows the zoom (hexagonZoom.ts); zoomed out, where even the coarsest
 * cells are a pixel or two, each is drawn as a dot at its centre. Only the resolution of the zoom
 * shown is worked out and handed to maplibre; another when the zoom first reaches it (hexagonSources.ts).
 */

const US: [number, number, number, number] = [-125, 24, -66, 50];

/** The hexagons of the map's zoom handed to it, the first time that zoom is reached. */
function showHexagonsAtZoom(map: MapLibreMap, sources: HexagonSources) {
  const id = hexagonSourceAt(map.getZoom());
  const source = map.getSource(id) as GeoJSONSource | undefined;
  if (source && !sources.isMade(id)) source.setData(sources.data(id));
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
        markPerformance(PERFORMANCE_MARKS.bookMapData);
        const sources = hexagonSources(cells.hexagons, cells.hasValue);
        const made = new maplibre.Map({
          container: element,
          bounds: sources.bounds() ?? US,
          fitBoundsOptions: { padding: 40, maxZoom: FIT_MAX_ZOOM },
          maxZoom: MAX_MAP_ZOOM,
          attributionControl: false,
          dragRotate: false,
        });
        map = mapRef.current = made;
        // Fitted to the book: the style holds the hexagons of that zoom only.
        const first = hexagonSourceAt(made.getZoom());
        made.setStyle(accumulationMapStyle(states, { [first]: sources.data(first) }));
        markPerformance(PERFORMANCE_MARKS.bookMapCreated);
        made.once('style.load', () => markPerformance(PERFORMANCE_MARKS.bookMapStyle));
        made.on('zoom', () => showHexagonsAtZoom(made, sources));
        made.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
        made.once('load', () => {
          if (cancelled) return;
          markPerformance(PERFORMANCE_MARKS.bookMapLoad);
          showHexagonsAtZoom(made, sources);
          setReady(true);
        });
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
