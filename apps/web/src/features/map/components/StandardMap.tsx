import { MAP } from '@zview/contracts';
import type { Map as MapLibreMap, MapLayerMouseEvent } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { BaseStyles } from '../engine/baseStyles';
import { LAYER, SOURCE, type OverlayData } from '../engine/overlayStyle';
import { useBuildingLabels, usePinMarker } from '../engine/useMarkers';
import { useOverlayMap } from '../engine/useOverlayMap';
import { usePinEditing } from '../engine/usePinEditing';
import { useStableValue } from '../engine/useStableValue';
import { boundsCenter, buildingsBounds, isValidBounds, parcelFeatures } from '../model/geometry';
import { initialLayersState, layersReducer, visibleLayers, type LayerAvailability } from '../model/layers';
import { buildingFitPadding, zoomRange } from '../model/mode';
import type { ImageItem, LngLat, MapWidgetProps, TrackFn } from '../types';
import { DebugPanel } from './DebugPanel';
import { ImageCaption } from './ImageCaption';
import { LayersPanel } from './LayersPanel';
import { BottomLeft, MapFrame, TopLeft } from './MapFrame';
import { MapControls } from './MapControls';
import { MapError, MapLoading } from './MapStatus';
import { MapTypeSwitch } from './MapTypeSwitch';
import { PinConfirm } from './PinConfirm';

/** Where the map opens and where recentre returns to. */
export function homeLocation(props: Pick<MapWidgetProps, 'markerLocation' | 'imageBounds' | 'buildings'>): LngLat {
  if (props.markerLocation) return props.markerLocation;
  if (isValidBounds(props.imageBounds)) return boundsCenter(props.imageBounds);
  const [lng, lat] = props.buildings?.[0]?.centroid.coordinates ?? [0, 0];
  return { lng: lng ?? 0, lat: lat ?? 0 };
}

/** Mode 3: aerial overlay, parcel, buildings, pin, street/satellite, layers, compass, recentre, zoom. */
export function StandardMap({
  props,
  track,
  baseStyles,
}: {
  props: MapWidgetProps;
  track: TrackFn;
  baseStyles: BaseStyles;
}) {
  const { imageUrl, imageDateLabel, imageProvider, markerLocation } = props;
  const imageBounds = useStableValue(props.imageBounds);
  const parcelGeo = useStableValue(props.parcelGeo);
  const buildings = useStableValue(props.buildings);
  const images = useMemo<ImageItem[]>(
    () => (imageUrl && isValidBounds(imageBounds) ? [{ imageUrl, imageBounds, imageDateLabel, imageProvider }] : []),
    [imageUrl, imageBounds, imageDateLabel, imageProvider],
  );
  const overlay = useMemo<OverlayData>(
    () => ({ images, parcel: parcelGeo, buildings }),
    [images, parcelGeo, buildings],
  );
  const availability: LayerAvailability = {
    aerial: images.length > 0,
    location: Boolean(markerLocation),
    parcel: parcelFeatures(parcelGeo).features.length > 0,
    building: Boolean(buildings?.length),
  };
  const availabilityKey = JSON.stringify(availability);
  const [layers, dispatchLayers] = useReducer(layersReducer, undefined, () =>
    initialLayersState(availability, props.defaultLayersState),
  );
  const defaultsKey = JSON.stringify(props.defaultLayersState ?? {});
  useEffect(() => {
    dispatchLayers({
      type: 'init',
      availability: JSON.parse(availabilityKey) as LayerAvailability,
      defaults: JSON.parse(defaultsKey),
    });
  }, [availabilityKey, defaultsKey]);
  const visible = visibleLayers(layers);

  const {
    pin,
    dispatch: dispatchPin,
    confirm,
    cancel,
  } = usePinEditing({
    location: markerLocation,
    draggable: props.markerDraggable,
    onLocationPinChange: props.onLocationPinChange,
    track,
  });

  // The pin question takes the top of the map: the layers panel makes way for it.
  const [layersOpen, setLayersOpen] = useState(false);
  const editing = pin.mode === 'editing';
  useEffect(() => {
    if (editing) setLayersOpen(false);
  }, [editing]);

  const containerRef = useRef<HTMLDivElement>(null);
  const { minZoom, maxZoom } = zoomRange('standard', props.zoomBoundary);
  const home = homeLocation(props);
  const { instance, shown, error } = useOverlayMap(
    containerRef,
    () => {
      const fit = buildings?.length ? buildingsBounds(buildings) : null;
      return {
        center: [home.lng, home.lat],
        zoom: MAP.recenterZoom,
        minZoom,
        maxZoom,
        attributionControl: false,
        ...(fit
          ? { bounds: fit, fitBoundsOptions: { padding: buildingFitPadding(), maxZoom: MAP.buildingFitMaxZoom } }
          : {}),
      };
    },
    baseStyles[layers.mapType],
    overlay,
    { visible },
  );

  usePinMarker(instance, pin, dispatchPin, visible.location);
  useBuildingLabels(instance, buildings, visible.building);
  useParcelHover(instance?.map ?? null);

  const recenter = useCallback(() => {
    instance?.map.jumpTo({ center: [home.lng, home.lat], zoom: MAP.recenterZoom });
  }, [instance, home.lng, home.lat]);

  return (
    <MapFrame containerRef={containerRef}>
      {!shown && !error && <MapLoading />}
      {error && <MapError message={error} />}
      {instance && (
        <>
          <TopLeft>
            <LayersPanel
              open={layersOpen}
              onOpenChange={setLayersOpen}
              state={layers}
              onToggle={(layer) => dispatchLayers({ type: 'toggle', layer })}
              onReset={() => dispatchLayers({ type: 'reset' })}
            />
            <MapTypeSwitch
              value={layers.mapType}
              onChange={(mapType) => dispatchLayers({ type: 'setMapType', mapType })}
            />
          </TopLeft>
          <MapControls view={instance.map} onRecenter={recenter} showCompass />
          {visible.aerial && (imageProvider || imageDateLabel) && (
            <BottomLeft>
              <ImageCaption provider={imageProvider} date={imageDateLabel} />
            </BottomLeft>
          )}
          {pin.mode === 'editing' && <PinConfirm onYes={confirm} onNo={cancel} />}
          {props.debugMode && <DebugPanel map={instance.map} extra={{ pin: pin.mode, base: layers.mapType }} />}
        </>
      )}
    </MapFrame>
  );
}

/** Parcel fill goes from 0 to 0.3 opacity under the pointer (SPEC §9). */
function useParcelHover(map: MapLibreMap | null) {
  useEffect(() => {
    if (!map) return;
    let hovered: string | number | undefined;
    const setHover = (id: string | number | undefined, hover: boolean) => {
      if (id === undefined || !map.getSource(SOURCE.parcel)) return;
      map.setFeatureState({ source: SOURCE.parcel, id }, { hover });
    };
    const onMove = (e: MapLayerMouseEvent) => {
      const id = e.features?.[0]?.id;
      if (id === hovered) return;
      setHover(hovered, false);
      hovered = id;
      setHover(hovered, true);
    };
    const onLeave = () => {
      setHover(hovered, false);
      hovered = undefined;
    };
    map.on('mousemove', LAYER.parcelFill, onMove);
    map.on('mouseleave', LAYER.parcelFill, onLeave);
    return () => {
      map.off('mousemove', LAYER.parcelFill, onMove);
      map.off('mouseleave', LAYER.parcelFill, onLeave);
    };
  }, [map]);
}
