import type { Map as MapLibreMap, MapOptions } from 'maplibre-gl';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useMapEnvironment } from './environment';
import type { MapLibre } from './loadMapLibre';
import { PERFORMANCE_MARKS, markPerformance } from '../../../ui/performanceMarks';

export interface MapInstance {
  map: MapLibreMap;
  maplibre: MapLibre;
}

/**
 * Loads maplibre on demand and creates one map in `container` for the component's lifetime.
 * `options` is read once, at creation; later changes go through the map's own methods.
 */
export function useMapLibreMap(
  container: RefObject<HTMLElement | null>,
  options: (maplibre: MapLibre) => Omit<MapOptions, 'container'>,
): { instance: MapInstance | null; error: string | null } {
  const { loadMapLibre } = useMapEnvironment();
  const optionsRef = useRef(options);
  const [instance, setInstance] = useState<MapInstance | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    loadMapLibre()
      .then((maplibre) => {
        if (cancelled || !container.current) return;
        // No symbol fade-in: maplibre redraws every frame while labels fade, each a full WebGL draw.
        map = new maplibre.Map({ container: container.current, fadeDuration: 0, ...optionsRef.current(maplibre) });
        map.once('load', () => markPerformance(PERFORMANCE_MARKS.mapLoad));
        map.once('load', () => map?.once('idle', () => markPerformance(PERFORMANCE_MARKS.mapIdle)));
        setInstance({ map, maplibre });
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      cancelled = true;
      map?.remove();
      setInstance(null);
    };
  }, [loadMapLibre, container]);

  return { instance, error };
}
