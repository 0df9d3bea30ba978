import { useCallback, useEffect, useReducer } from 'react';
import { initialPinMachine, pinReducer } from '../model/pinMachine';
import type { LngLat, TrackFn } from '../types';

/** The pin state machine wired to the widget's props, reporting and tracking a confirmed move. */
export function usePinEditing({
  location,
  draggable,
  onLocationPinChange,
  track,
}: {
  location: LngLat | undefined;
  draggable: boolean | undefined;
  onLocationPinChange?: (location: LngLat) => void;
  track: TrackFn;
}) {
  const [pin, dispatch] = useReducer(pinReducer, undefined, () => initialPinMachine(location, draggable));
  const lng = location?.lng;
  const lat = location?.lat;
  useEffect(() => {
    dispatch({
      type: 'sync',
      location: lng !== undefined && lat !== undefined ? { lng, lat } : null,
      draggable: Boolean(draggable),
    });
  }, [lng, lat, draggable]);

  const confirm = useCallback(() => {
    if (pin.mode !== 'editing' || !pin.location) return;
    const moved = { lng: pin.location.lng, lat: pin.location.lat };
    onLocationPinChange?.(moved);
    track('pin_location_change', { ...moved, previous: pin.previous });
    track('move_save_map_pin', moved);
    dispatch({ type: 'confirm' });
  }, [pin, onLocationPinChange, track]);
  const cancel = useCallback(() => dispatch({ type: 'cancel' }), []);

  return { pin, dispatch, confirm, cancel };
}
