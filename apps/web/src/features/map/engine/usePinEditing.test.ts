import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePinEditing } from './usePinEditing';

const home = { lng: -97.517, lat: 35.468 };
const moved = { lng: -97.5165, lat: 35.4684 };

function setup(draggable = true) {
  const onLocationPinChange = vi.fn();
  const track = vi.fn();
  const hook = renderHook(
    (props: { location: typeof home; draggable: boolean }) => usePinEditing({ ...props, onLocationPinChange, track }),
    {
      initialProps: { location: home, draggable },
    },
  );
  const drag = () =>
    act(() => {
      hook.result.current.dispatch({ type: 'dragStart' });
      hook.result.current.dispatch({ type: 'dragEnd', location: moved });
    });
  return { hook, onLocationPinChange, track, drag };
}

describe('usePinEditing', () => {
  it('Yes reports the new coordinates and tracks pin_location_change and move_save_map_pin', () => {
    const { hook, onLocationPinChange, track, drag } = setup();
    drag();
    expect(hook.result.current.pin.mode).toBe('editing');
    act(() => hook.result.current.confirm());
    expect(onLocationPinChange).toHaveBeenCalledWith(moved);
    expect(track).toHaveBeenCalledWith('pin_location_change', { ...moved, previous: home });
    expect(track).toHaveBeenCalledWith('move_save_map_pin', moved);
    expect(hook.result.current.pin).toMatchObject({ mode: 'editable', location: moved });
  });

  it('No reports nothing and puts the pin back', () => {
    const { hook, onLocationPinChange, track, drag } = setup();
    drag();
    act(() => hook.result.current.cancel());
    expect(onLocationPinChange).not.toHaveBeenCalled();
    expect(track).not.toHaveBeenCalled();
    expect(hook.result.current.pin).toMatchObject({ mode: 'editable', location: home });
  });

  it('follows a new marker location from the parent', () => {
    const { hook } = setup(false);
    expect(hook.result.current.pin.mode).toBe('nonEditable');
    hook.rerender({ location: moved, draggable: true });
    expect(hook.result.current.pin).toMatchObject({ mode: 'editable', location: moved });
  });
});
