import { describe, expect, it } from 'vitest';
import {
  initialLayersState,
  layersReducer,
  listedLayers,
  resetLayers,
  setMapType,
  toggleLayer,
  visibleLayers,
  type LayerAvailability,
} from './layers';

const all: LayerAvailability = { aerial: true, location: true, parcel: true, building: true };

describe('layer rules', () => {
  it('lists a layer only when it has data and is not unavailable, in panel order', () => {
    expect(listedLayers(all)).toEqual(['aerial', 'location', 'parcel', 'building']);
    expect(listedLayers({ ...all, parcel: false })).toEqual(['aerial', 'location', 'building']);
    expect(listedLayers(all, { building: 'unavailable', aerial: false })).toEqual(['aerial', 'location', 'parcel']);
  });

  it('turns listed layers on by default unless the defaults say otherwise', () => {
    const state = initialLayersState(all, { parcel: false, building: 'active' });
    expect(state.active).toEqual({ aerial: true, location: true, parcel: false, building: true });
    expect(state.mapType).toBe('satellite');
    expect(initialLayersState(all, { mapType: 'street' }).mapType).toBe('street');
  });

  it('toggles a listed layer and ignores one that is not listed', () => {
    const state = initialLayersState({ ...all, building: false });
    expect(toggleLayer(state, 'aerial').active.aerial).toBe(false);
    expect(toggleLayer(toggleLayer(state, 'aerial'), 'aerial').active.aerial).toBe(true);
    expect(toggleLayer(state, 'building')).toBe(state);
  });

  it('Reset turns every listed layer back on', () => {
    let state = initialLayersState(all, { parcel: false });
    state = toggleLayer(toggleLayer(state, 'aerial'), 'location');
    expect(resetLayers(state).active).toEqual({ aerial: true, location: true, parcel: true, building: true });
    expect(resetLayers(initialLayersState({ ...all, parcel: false })).active.parcel).toBe(false);
  });

  it('switching the map style keeps the choices so they are re-applied to the new style', () => {
    const state = toggleLayer(initialLayersState(all), 'parcel');
    const switched = setMapType(state, 'street');
    expect(switched.mapType).toBe('street');
    expect(visibleLayers(switched)).toEqual(visibleLayers(state));
    expect(visibleLayers(switched)).toEqual({ aerial: true, location: true, parcel: false, building: true });
  });

  it('reduces actions and keeps the map type when the data changes', () => {
    let state = initialLayersState(all);
    state = layersReducer(state, { type: 'setMapType', mapType: 'street' });
    state = layersReducer(state, { type: 'toggle', layer: 'aerial' });
    state = layersReducer(state, { type: 'init', availability: { ...all, aerial: false } });
    expect(state).toMatchObject({ mapType: 'street', listed: ['location', 'parcel', 'building'] });
    expect(visibleLayers(state).aerial).toBe(false);
    expect(layersReducer(state, { type: 'reset' }).active.location).toBe(true);
  });
});
