import type { PinState } from '@zview/contracts';
import type { LngLat } from '../types';

/**
 * Pin editing (SPEC §4): nonEditable ⇄ editable → editing → (Yes) editable|nonEditable, (No) back.
 * Pure: the component reports the confirmed location and fires tracking from `confirmedLocation`.
 */
export interface PinMachine {
  mode: PinState;
  draggable: boolean;
  /** Where the pin is drawn. */
  location: LngLat | null;
  /** Where the pin was before the current edit; restored on No. */
  previous: LngLat | null;
  /** The mode to return to when the edit is cancelled. */
  returnMode: PinState;
}

export type PinEvent =
  | { type: 'dragStart' }
  | { type: 'dragEnd'; location: LngLat }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'sync'; location: LngLat | null; draggable: boolean };

const restingMode = (draggable: boolean): PinState => (draggable ? 'editable' : 'nonEditable');

export function initialPinMachine(location: LngLat | null | undefined, draggable: boolean | undefined): PinMachine {
  const mode = restingMode(Boolean(draggable));
  return { mode, draggable: Boolean(draggable), location: location ?? null, previous: null, returnMode: mode };
}

export function pinReducer(state: PinMachine, event: PinEvent): PinMachine {
  switch (event.type) {
    case 'dragStart':
      if (state.mode === 'editable')
        return { ...state, mode: 'editing', previous: state.location, returnMode: state.mode };
      return state; // a second drag while the prompt is open keeps the original location to restore
    case 'dragEnd':
      if (state.mode !== 'editing') return state;
      return { ...state, location: event.location };
    case 'confirm':
      if (state.mode !== 'editing') return state;
      return { ...state, mode: restingMode(state.draggable), previous: null, returnMode: restingMode(state.draggable) };
    case 'cancel':
      if (state.mode !== 'editing') return state;
      return { ...state, mode: state.returnMode, location: state.previous, previous: null };
    case 'sync': {
      // New props from the parent; an edit in progress wins until the person answers.
      if (state.mode === 'editing') return { ...state, draggable: event.draggable };
      const mode = restingMode(event.draggable);
      return { ...state, mode, draggable: event.draggable, location: event.location, returnMode: mode };
    }
  }
}

export const isAwaitingConfirmation = (state: PinMachine) => state.mode === 'editing';
