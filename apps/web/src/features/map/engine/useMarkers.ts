import type { Marker } from 'maplibre-gl';
import { useEffect, useRef, type Dispatch } from 'react';
import type { PinEvent, PinMachine } from '../model/pinMachine';
import type { Building } from '../types';
import { createBuildingLabelElement, createPinElement } from './markers';
import type { MapInstance } from './useMapLibreMap';

/** The location pin as a DOM marker, driven by the pin state machine. */
export function usePinMarker(
  instance: MapInstance | null,
  pin: PinMachine,
  dispatch: Dispatch<PinEvent> | null,
  visible: boolean,
) {
  const marker = useRef<Marker | null>(null);
  const hasLocation = pin.location !== null;

  useEffect(() => {
    if (!instance || !hasLocation) return;
    const m = new instance.maplibre.Marker({ element: createPinElement(), anchor: 'bottom', draggable: false });
    if (dispatch) {
      m.on('dragstart', () => dispatch({ type: 'dragStart' }));
      m.on('dragend', () => {
        const { lng, lat } = m.getLngLat();
        dispatch({ type: 'dragEnd', location: { lng, lat } });
      });
    }
    marker.current = m;
    return () => {
      m.remove();
      marker.current = null;
    };
  }, [instance, hasLocation, dispatch]);

  // Position (including the restore on No), draggability and visibility follow the state.
  useEffect(() => {
    const m = marker.current;
    if (!m || !instance || !pin.location) return;
    m.setLngLat([pin.location.lng, pin.location.lat]);
    if (!m.getElement().isConnected) m.addTo(instance.map);
  }, [instance, pin.location, hasLocation]);
  useEffect(() => {
    const m = marker.current;
    if (!m) return;
    m.setDraggable(dispatch !== null && pin.mode !== 'nonEditable');
    m.getElement().style.cursor = pin.mode === 'nonEditable' || !dispatch ? 'default' : 'grab';
  }, [pin.mode, dispatch, instance, hasLocation]);
  useEffect(() => {
    const m = marker.current;
    if (m) m.getElement().style.visibility = visible ? 'visible' : 'hidden';
  }, [visible, instance, hasLocation]);
}

/** Rank-and-name labels at each building's centroid. */
export function useBuildingLabels(instance: MapInstance | null, buildings: Building[] | undefined, visible: boolean) {
  const markers = useRef<Marker[]>([]);
  useEffect(() => {
    if (!instance || !buildings?.length) return;
    markers.current = buildings.map((b) => {
      const [lng, lat] = b.centroid.coordinates;
      return new instance.maplibre.Marker({ element: createBuildingLabelElement(b), anchor: 'center' })
        .setLngLat([lng!, lat!])
        .addTo(instance.map);
    });
    return () => {
      markers.current.forEach((m) => m.remove());
      markers.current = [];
    };
  }, [instance, buildings]);
  useEffect(() => {
    markers.current.forEach((m) => (m.getElement().style.visibility = visible ? 'visible' : 'hidden'));
  }, [visible, instance, buildings]);
}
