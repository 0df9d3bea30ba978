import { useQuery } from '@tanstack/react-query';
import type { GeoJSONFeature, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { detectWebGL, loadMapLibre, mapSourcesQuery } from '../map';
import { portfolioKeys } from './api/keys';
import { fetchPortfolioMapSource } from './api/mapSource';
import { compactCount, mapStyle, SOURCE } from './resultsMapStyle';
import { loadUsStates } from './usStates';
import type { ResultsMapProps } from './ResultsMap';

const LIVE_REFRESH_MS = 5000;
/** Cluster counts are drawn as HTML labels (the style has no glyphs); at most this many at once. */
const MAX_LABELS = 300;

export interface Label {
  key: string;
  x: number;
  y: number;
  text: string;
}

/**
 * The results map's state: its tile source and base layers, the maplibre map made once they are in
 * (clicks open a property or zoom into a group), the cluster labels drawn over it, the satellite
 * layer added when its URL arrives, and the tiles reloaded while the run is scoring.
 */
export function useResultsMap({ org, portfolioId, product, runId, live, onOpen }: ResultsMapProps) {
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

  return { container, labels, failure, setFailure, webgl, source, shown };
}
