import { describe, expect, it } from 'vitest';
import { initialPinMachine, pinReducer, type PinEvent, type PinMachine } from './pinMachine';

const home = { lng: -97.517, lat: 35.468 };
const moved = { lng: -97.516, lat: 35.469 };
const run = (state: PinMachine, ...events: PinEvent[]) => events.reduce(pinReducer, state);

describe('pin editing state machine', () => {
  it('starts editable when the pin is draggable and nonEditable otherwise', () => {
    expect(initialPinMachine(home, true).mode).toBe('editable');
    expect(initialPinMachine(home, false).mode).toBe('nonEditable');
    expect(initialPinMachine(undefined, undefined)).toMatchObject({ mode: 'nonEditable', location: null });
  });

  it('dragging moves to editing and keeps the previous location', () => {
    const state = run(initialPinMachine(home, true), { type: 'dragStart' }, { type: 'dragEnd', location: moved });
    expect(state).toMatchObject({ mode: 'editing', location: moved, previous: home });
  });

  it('Yes keeps the new location and returns to editable', () => {
    const state = run(
      initialPinMachine(home, true),
      { type: 'dragStart' },
      { type: 'dragEnd', location: moved },
      { type: 'confirm' },
    );
    expect(state).toMatchObject({ mode: 'editable', location: moved, previous: null });
  });

  it('Yes returns to nonEditable when the pin stopped being draggable during the edit', () => {
    const state = run(
      initialPinMachine(home, true),
      { type: 'dragStart' },
      { type: 'dragEnd', location: moved },
      { type: 'sync', location: home, draggable: false },
      { type: 'confirm' },
    );
    expect(state).toMatchObject({ mode: 'nonEditable', location: moved });
  });

  it('No restores the previous location and the previous state', () => {
    const state = run(
      initialPinMachine(home, true),
      { type: 'dragStart' },
      { type: 'dragEnd', location: moved },
      { type: 'cancel' },
    );
    expect(state).toMatchObject({ mode: 'editable', location: home, previous: null });
  });

  it('a second drag while the question is open still restores the original location on No', () => {
    const further = { lng: -97.515, lat: 35.47 };
    const state = run(
      initialPinMachine(home, true),
      { type: 'dragStart' },
      { type: 'dragEnd', location: moved },
      { type: 'dragStart' },
      { type: 'dragEnd', location: further },
      { type: 'cancel' },
    );
    expect(state.location).toEqual(home);
  });

  it('a nonEditable pin ignores drags, confirms and cancels', () => {
    const start = initialPinMachine(home, false);
    expect(
      run(start, { type: 'dragStart' }, { type: 'dragEnd', location: moved }, { type: 'confirm' }, { type: 'cancel' }),
    ).toEqual(start);
  });

  it('new props replace the location unless an edit is waiting for an answer', () => {
    const resting = run(initialPinMachine(home, true), { type: 'sync', location: moved, draggable: false });
    expect(resting).toMatchObject({ mode: 'nonEditable', location: moved });
    const editing = run(
      initialPinMachine(home, true),
      { type: 'dragStart' },
      { type: 'dragEnd', location: moved },
      { type: 'sync', location: home, draggable: true },
    );
    expect(editing).toMatchObject({ mode: 'editing', location: moved });
  });
});
