import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { TOGGLEABLE_LAYERS } from '../types';
import type { BaseStyle } from './baseStyles';
import { composeStyle, LAYER, overlayLayers, styleLayerIds, type OverlayData, type OverlayOptions } from './overlayStyle';
import type { MapInstance } from './useMapLibreMap';
import { waitForStyle } from './waitForStyle';

/** Pushes layer visibility and image opacity into a loaded style. */
export function applyOverlayOptions(map: MapLibreMap, overlay: OverlayData, options: OverlayOptions) {
  for (const layer of TOGGLEABLE_LAYERS) {
    for (const id of styleLayerIds(layer, overlay.images.length)) {
      if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', options.visible[layer] ? 'visible' : 'none');
    }
  }
  overlay.images.forEach((_image, i) => {
    const id = LAYER.image(i);
    if (map.getLayer(id)) map.setPaintProperty(id, 'raster-opacity', options.imageOpacity?.(i) ?? 1);
  });
}

/** True once the style is parsed: every overlay layer exists (or, without overlay, the style loaded). */
function overlayPresent(map: MapLibreMap, ids: string[]): boolean {
  return ids.length > 0 ? ids.every((id) => map.getLayer(id) !== undefined) : map.isStyleLoaded() === true;
}

/**
 * Sets `base` as the map's style with our overlay composed in (transformStyle), so a base map
 * switch keeps the active layers. Waits for the style in 200 ms steps and reports
 * 'Max attempts reached. Style did not load.' when it never arrives.
 */
export function useOverlayStyle(instance: MapInstance | null, base: BaseStyle, overlay: OverlayData, options: OverlayOptions) {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const [ready, setReady] = useState(false);
  /** The first complete frame with this style (imagery included) has been drawn. */
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!instance) return;
    const { map } = instance;
    const controller = new AbortController();
    setReady(false);
    setShown(false);
    setError(null);
    const onIdle = () => setShown(true);
    map.once('idle', onIdle);
    map.setStyle(base, { diff: false, transformStyle: (_previous, next) => composeStyle(next, overlay, optionsRef.current) });
    const ids = overlayLayers(overlay, optionsRef.current).map((l) => l.id);
    waitForStyle(() => overlayPresent(map, ids), { signal: controller.signal })
      .then(() => {
        if (controller.signal.aborted) return;
        applyOverlayOptions(map, overlay, optionsRef.current); // choices made while it loaded
        setReady(true);
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      controller.abort();
      map.off('idle', onIdle);
    };
  }, [instance, base, overlay]);

  const optionsKey = JSON.stringify([options.visible, overlay.images.map((_image, i) => options.imageOpacity?.(i) ?? 1)]);
  useEffect(() => {
    if (ready && instance) applyOverlayOptions(instance.map, overlay, optionsRef.current);
  }, [ready, instance, overlay, optionsKey]);

  return { ready, shown: ready && shown, error };
}
