import { MAP } from '@zview/contracts';
import type { MapSourceDataEvent } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { baseUnderImagery, type BaseStyles } from '../engine/baseStyles';
import { imageryPixelRatio } from '../engine/webgl';
import { SOURCE, type OverlayData } from '../engine/overlayStyle';
import { usePinMarker } from '../engine/useMarkers';
import { useOverlayMap } from '../engine/useOverlayMap';
import { usePinEditing } from '../engine/usePinEditing';
import { useStableValue } from '../engine/useStableValue';
import { boundsCenter, commonBounds, imageLngLatBounds, isValidBounds } from '../model/geometry';
import { zoomRange } from '../model/mode';
import { imageOpacity, initialSlider, sliderReducer } from '../model/slider';
import type { ImageItem, MapWidgetProps, ToggleableLayer, TrackFn } from '../types';
import { DebugPanel } from './DebugPanel';
import { MapFrame } from './MapFrame';
import { MapControls } from './MapControls';
import { MapError, MapLoading } from './MapStatus';
import { PinConfirm } from './PinConfirm';
import { SliderControls } from './SliderControls';

const OBLIQUE_VISIBLE: Record<ToggleableLayer, boolean> = {
  aerial: true,
  location: true,
  parcel: false,
  building: false,
};

/** Mode 1: oblique images stacked; only the selected one is opaque (300 ms fade). */
export function ObliqueMap({
  props,
  images: imagesProp,
  track,
  baseStyles,
}: {
  props: MapWidgetProps;
  images: ImageItem[];
  track: TrackFn;
  baseStyles: BaseStyles;
}) {
  const images = useStableValue(imagesProp);
  const [slider, dispatchSlider] = useReducer(sliderReducer, images.length, initialSlider);
  useEffect(() => dispatchSlider({ type: 'setCount', count: images.length }), [images.length]);

  const overlay = useMemo<OverlayData>(() => ({ images }), [images]);
  const {
    pin,
    dispatch: dispatchPin,
    confirm,
    cancel,
  } = usePinEditing({
    location: props.markerLocation,
    draggable: props.markerDraggable,
    onLocationPinChange: props.onLocationPinChange,
    track,
  });

  // Opens on the whole first picture (an oblique is read as a photograph, and at the recentre
  // zoom it would be a blurred crop); Recenter then jumps to the pin at zoom 19.
  const first = images.find((image) => isValidBounds(image.imageBounds));
  const home = props.markerLocation ?? (first ? boundsCenter(first.imageBounds) : { lng: 0, lat: 0 });
  const { minZoom, maxZoom } = zoomRange('oblique', props.zoomBoundary);
  const containerRef = useRef<HTMLDivElement>(null);
  const opacity = useCallback((i: number) => imageOpacity(slider, i), [slider]);
  // Panning (or dragging past the pin) never leaves the pictures: no blank edges.
  const common = commonBounds(images.map((image) => image.imageBounds));
  const { instance, ready, error } = useOverlayMap(
    containerRef,
    () => ({
      ...(first
        ? { bounds: imageLngLatBounds(first.imageBounds) }
        : { center: [home.lng, home.lat] as [number, number], zoom: MAP.recenterZoom }),
      ...(common ? { maxBounds: imageLngLatBounds(common) } : {}),
      minZoom,
      maxZoom,
      attributionControl: false,
      ...imageryPixelRatio(),
    }),
    baseUnderImagery(common !== null, baseStyles),
    overlay,
    { visible: OBLIQUE_VISIBLE, imageOpacity: opacity },
  );

  // The index stays unset (spinner) until the first image has actually been drawn.
  useEffect(() => {
    if (!instance || !ready) return;
    const { map } = instance;
    const shown = () => dispatchSlider({ type: 'firstImageShown' });
    const onData = (e: MapSourceDataEvent) => {
      if (e.sourceId === SOURCE.image(0) && e.isSourceLoaded) shown();
    };
    if (map.isSourceLoaded(SOURCE.image(0))) shown();
    map.on('sourcedata', onData);
    map.once('idle', shown);
    return () => {
      map.off('sourcedata', onData);
      map.off('idle', shown);
    };
  }, [instance, ready]);

  usePinMarker(instance, pin, dispatchPin, true);
  const recenter = useCallback(
    () => instance?.map.jumpTo({ center: [home.lng, home.lat], zoom: MAP.recenterZoom }),
    [instance, home.lng, home.lat],
  );

  return (
    <MapFrame containerRef={containerRef}>
      {(slider.index === null || !ready) && !error && <MapLoading label="Loading imagery" />}
      {error && <MapError message={error} />}
      {instance && (
        <>
          <MapControls view={instance.map} onRecenter={recenter} />
          <SliderControls
            state={slider}
            images={images}
            onPrevious={() => dispatchSlider({ type: 'previous' })}
            onNext={() => dispatchSlider({ type: 'next' })}
          />
          {pin.mode === 'editing' && <PinConfirm onYes={confirm} onNo={cancel} />}
          {props.debugMode && (
            <DebugPanel map={instance.map} extra={{ pin: pin.mode, image: slider.index ?? 'unset' }} />
          )}
        </>
      )}
    </MapFrame>
  );
}
