import { MAP } from '@zview/contracts';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { baseUnderImagery, type BaseStyles } from '../engine/baseStyles';
import type { OverlayData } from '../engine/overlayStyle';
import { useOverlayMap } from '../engine/useOverlayMap';
import { useStableValue } from '../engine/useStableValue';
import { imageryPixelRatio } from '../engine/webgl';
import { usePinMarker } from '../engine/useMarkers';
import { usePinEditing } from '../engine/usePinEditing';
import { boundsCenter, clampToBounds, commonBounds, imageLngLatBounds } from '../model/geometry';
import { zoomRange } from '../model/mode';
import type { ImageItem, MapWidgetProps, ToggleableLayer } from '../types';
import { DebugPanel } from './DebugPanel';
import { ImageCaption } from './ImageCaption';
import { MapContainer } from './MapFrame';
import { MapControls } from './MapControls';
import { MapError, MapLoading } from './MapStatus';
import { SwipeDivider } from './SwipeDivider';

// The pin (a DOM marker, not a style layer) marks the property; parcel and building outlines would hide the roofs compared.
const VISIBLE: Record<ToggleableLayer, boolean> = { aerial: true, location: false, parcel: false, building: false };
const noTrack = () => {};

/** Moving either map moves the other to the same camera. */
function syncCameras(a: MapLibreMap, b: MapLibreMap): () => void {
  let syncing = false;
  const follow = (from: MapLibreMap, to: MapLibreMap) => () => {
    if (syncing) return;
    syncing = true;
    to.jumpTo({ center: from.getCenter(), zoom: from.getZoom(), bearing: from.getBearing(), pitch: from.getPitch() });
    syncing = false;
  };
  const aToB = follow(a, b);
  const bToA = follow(b, a);
  a.on('move', aToB);
  b.on('move', bToA);
  return () => {
    a.off('move', aToB);
    b.off('move', bToA);
  };
}

/** Mode 2: two synced maps, the after map clipped at the swipe divider; compass and zoom 17–21. */
export function ComparisonMap({
  props,
  items: itemsProp,
  baseStyles,
}: {
  props: MapWidgetProps;
  items: [ImageItem, ImageItem];
  baseStyles: BaseStyles;
}) {
  const [before, after] = useStableValue(itemsProp);
  const [ratio, setRatio] = useState(0.5);
  // Held to the area both pictures cover (maplibre zooms in rather than show past its edges),
  // opened on the property: no blank area passes for imagery, and both sides show the same ground.
  const common = commonBounds([before.imageBounds, after.imageBounds]);
  const pinAt = props.markerLocation ?? (common ? boundsCenter(common) : boundsCenter(before.imageBounds));
  const home = common ? clampToBounds(pinAt, common) : pinAt;
  const { minZoom, maxZoom } = zoomRange('comparison', props.zoomBoundary);
  const options = () => ({
    center: [home.lng, home.lat] as [number, number],
    zoom: common ? minZoom : Math.max(minZoom, Math.min(maxZoom, MAP.recenterZoom)),
    ...(common ? { maxBounds: imageLngLatBounds(common) } : {}),
    minZoom,
    maxZoom,
    attributionControl: false as const,
    ...imageryPixelRatio(),
  });
  const beforeRef = useRef<HTMLDivElement>(null);
  const afterRef = useRef<HTMLDivElement>(null);
  const beforeOverlay = useMemo<OverlayData>(() => ({ images: [before] }), [before]);
  const afterOverlay = useMemo<OverlayData>(() => ({ images: [after] }), [after]);
  const base = baseUnderImagery(common !== null, baseStyles);
  const a = useOverlayMap(beforeRef, options, base, beforeOverlay, { visible: VISIBLE });
  const b = useOverlayMap(afterRef, options, base, afterOverlay, { visible: VISIBLE });

  useEffect(() => {
    if (a.instance && b.instance) return syncCameras(a.instance.map, b.instance.map);
  }, [a.instance, b.instance]);
  // The property's pin on both sides (not draggable here).
  const { pin } = usePinEditing({ location: props.markerLocation, draggable: false, track: noTrack });
  usePinMarker(a.instance, pin, null, true);
  usePinMarker(b.instance, pin, null, true);

  const error = a.error ?? b.error;
  const ready = a.shown && b.shown;
  return (
    <>
      <MapContainer containerRef={beforeRef} testId="map-canvas" />
      <MapContainer containerRef={afterRef} testId="map-canvas-after" clipLeft={ratio} />
      <SwipeDivider ratio={ratio} onChange={setRatio} />
      <ImageCaption
        prefix="Before"
        provider={before.imageProvider}
        date={before.imageDateLabel}
        wrap
        sx={{ position: 'absolute', bottom: 12, left: 12, zIndex: 2, maxWidth: 'calc(50% - 18px)' }}
      />
      <ImageCaption
        prefix="After"
        provider={after.imageProvider}
        date={after.imageDateLabel}
        wrap
        sx={{ position: 'absolute', bottom: 12, right: 12, zIndex: 2, maxWidth: 'calc(50% - 18px)' }}
      />
      {!ready && !error && <MapLoading />}
      {error && <MapError message={error} />}
      {a.instance && <MapControls view={a.instance.map} showCompass />}
      {props.debugMode && a.instance && <DebugPanel map={a.instance.map} extra={{ swipe: ratio.toFixed(2) }} />}
    </>
  );
}
