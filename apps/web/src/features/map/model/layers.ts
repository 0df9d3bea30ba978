import type { MapStyle } from '@zview/contracts';
import { TOGGLEABLE_LAYERS, type DefaultLayersState, type ToggleableLayer } from '../types';

/** Which layers have something to draw. */
export type LayerAvailability = Record<ToggleableLayer, boolean>;

export interface LayersState {
  /** Layers shown in the panel, in panel order (SPEC §4: has data and is not 'unavailable'). */
  listed: ToggleableLayer[];
  /** The person's on/off choice per listed layer. */
  active: Record<ToggleableLayer, boolean>;
  mapType: MapStyle;
}

export type LayersAction =
  | { type: 'toggle'; layer: ToggleableLayer }
  | { type: 'reset' }
  | { type: 'setMapType'; mapType: MapStyle }
  | { type: 'init'; availability: LayerAvailability; defaults?: DefaultLayersState };

export function listedLayers(availability: LayerAvailability, defaults: DefaultLayersState = {}): ToggleableLayer[] {
  return TOGGLEABLE_LAYERS.filter((layer) => availability[layer] && defaults[layer] !== 'unavailable');
}

/** Layers are on by default; `false` in the defaults starts one off. */
function startsActive(value: DefaultLayersState[ToggleableLayer]): boolean {
  return value === undefined || value === true || value === 'active';
}

export function initialLayersState(availability: LayerAvailability, defaults: DefaultLayersState = {}): LayersState {
  const listed = listedLayers(availability, defaults);
  const active = Object.fromEntries(
    TOGGLEABLE_LAYERS.map((l) => [l, listed.includes(l) && startsActive(defaults[l])]),
  ) as LayersState['active'];
  return { listed, active, mapType: defaults.mapType ?? 'satellite' };
}

export function toggleLayer(state: LayersState, layer: ToggleableLayer): LayersState {
  if (!state.listed.includes(layer)) return state;
  return { ...state, active: { ...state.active, [layer]: !state.active[layer] } };
}

/** Reset turns every listed layer on. */
export function resetLayers(state: LayersState): LayersState {
  const active = Object.fromEntries(
    TOGGLEABLE_LAYERS.map((l) => [l, state.listed.includes(l)]),
  ) as LayersState['active'];
  return { ...state, active };
}

/** Switching the base map keeps the choices; the map re-applies them (see visibleLayers). */
export function setMapType(state: LayersState, mapType: MapStyle): LayersState {
  return state.mapType === mapType ? state : { ...state, mapType };
}

/** What to draw: listed and switched on. Used on every style (re)load. */
export function visibleLayers(state: LayersState): Record<ToggleableLayer, boolean> {
  return Object.fromEntries(TOGGLEABLE_LAYERS.map((l) => [l, state.listed.includes(l) && state.active[l]])) as Record<
    ToggleableLayer,
    boolean
  >;
}

export function layersReducer(state: LayersState, action: LayersAction): LayersState {
  switch (action.type) {
    case 'toggle':
      return toggleLayer(state, action.layer);
    case 'reset':
      return resetLayers(state);
    case 'setMapType':
      return setMapType(state, action.mapType);
    case 'init':
      return { ...initialLayersState(action.availability, action.defaults), mapType: state.mapType };
  }
}
