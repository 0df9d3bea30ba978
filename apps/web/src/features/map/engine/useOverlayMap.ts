import type { Map as MapLibreMap, MapOptions } from 'maplibre-gl';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { TOGGLEABLE_LAYERS } from '../types';
import type { BaseStyle } from './baseStyles';
import type { MapLibre } from './loadMapLibre';
import {
  composeStyle,
  isStreetStyle,
  LAYER,
  overlayLayers,
  streetImageOpacity,
  styleLayerIds,
  type OverlayData,
  type OverlayOptions,
} from './overlayStyle';
import { useMapLibreMap, type MapInstance } from './useMapLibreMap';
import { waitForStyle } from './waitForStyle';

/** Pushes layer visibility and image opacity into a loaded style. */
export function applyOverlayOptions(map: MapLibreMap, overlay: OverlayData, options: OverlayOptions) {
  for (const layer of TOGGLEABLE_LAYERS) {
    for (const id of styleLayerIds(layer, overlay.images.length)) {
      if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', options.visible[layer] ? 'visible' : 'none');
    }
  }
  const opacity =
    overlay.images.length && isStreetStyle(map.getStyle()?.metadata)
      ? streetImageOpacity(options)
      : (i: number) => options.imageOpacity?.(i) ?? 1;
  overlay.images.forEach((_image, i) => {
    const id = LAYER.image(i);
    if (map.getLayer(id)) map.setPaintProperty(id, 'raster-opacity', opacity(i));
  });
}

/** True once the style is parsed: every overlay layer exists (or, without overlay, the style loaded). */
function overlayPresent(map: MapLibreMap, ids: string[]): boolean {
  return ids.length > 0 ? ids.every((id) => map.getLayer(id) !== undefined) : map.isStyleLoaded() === true;
}

/** What a map's style was built from: a base map with an overlay composed in. */
interface StyleSource {
  base: BaseStyle;
  overlay: OverlayData;
}

/** maplibre's transformStyle: `overlay` over whatever base style arrives, with the current layer options. */
const composer =
  (overlay: OverlayData, options: RefObject<OverlayOptions>): NonNullable<MapOptions['transformStyle']> =>
  (_previous, next) =>
    composeStyle(next, overlay, options.current);

/**
 * One maplibre map in `container` showing `base` with our overlay composed in (maplibre's
 * transformStyle, so a base map switch keeps the active layers). The map is created with that
 * style: its first frame does not wait for a render and a setStyle after mount. A later base map
 * or overlay goes through setStyle. Waits for the style in 200 ms steps and reports
 * 'Max attempts reached. Style did not load.' when it never arrives.
 */
export function useOverlayMap(
  container: RefObject<HTMLElement | null>,
  mapOptions: (maplibre: MapLibre) => Omit<MapOptions, 'container' | 'style' | 'transformStyle'>,
  base: BaseStyle,
  overlay: OverlayData,
  options: OverlayOptions,
): { instance: MapInstance | null; ready: boolean; shown: boolean; error: string | null } {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const wanted = useRef<StyleSource>({ base, overlay });
  wanted.current = { base, overlay };
  /** What the map's current style was built from (set when it is created, then by each setStyle). */
  const applied = useRef<StyleSource | null>(null);

  const { instance, error: loadError } = useMapLibreMap(container, (maplibre) => {
    const source = wanted.current; // the latest props when maplibre has arrived
    applied.current = source;
    return { ...mapOptions(maplibre), style: source.base, transformStyle: composer(source.overlay, optionsRef) };
  });

  const [ready, setReady] = useState(false);
  /** The first complete frame with this style (imagery included) has been drawn. */
  const [shown, setShown] = useState(false);
  const [styleError, setStyleError] = useState<string | null>(null);

  useEffect(() => {
    if (!instance) return;
    const { map } = instance;
    const controller = new AbortController();
    setReady(false);
    setShown(false);
    setStyleError(null);
    const onIdle = () => setShown(true);
    map.once('idle', onIdle);
    if (applied.current?.base !== base || applied.current.overlay !== overlay) {
      const source = { base, overlay };
      applied.current = source;
      map.setStyle(base, { diff: false, transformStyle: composer(source.overlay, optionsRef) });
    }
    const ids = overlayLayers(overlay, optionsRef.current).map((l) => l.id);
    waitForStyle(() => overlayPresent(map, ids), {
      signal: controller.signal,
      wake: (check) => {
        map.on('styledata', check);
        return () => map.off('styledata', check);
      },
    })
      .then(() => {
        if (controller.signal.aborted) return;
        applyOverlayOptions(map, overlay, optionsRef.current); // choices made while it loaded
        setReady(true);
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setStyleError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      controller.abort();
      map.off('idle', onIdle);
    };
  }, [instance, base, overlay]);

  const optionsKey = JSON.stringify([
    options.visible,
    overlay.images.map((_image, i) => options.imageOpacity?.(i) ?? 1),
  ]);
  useEffect(() => {
    if (ready && instance) applyOverlayOptions(instance.map, overlay, optionsRef.current);
  }, [ready, instance, overlay, optionsKey]);

  return { instance, ready, shown: ready && shown, error: loadError ?? styleError };
}
