import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { TrackFn } from '../types';
import type { BaseStyles } from './baseStyles';
import { loadMapLibre, type MapLibre } from './loadMapLibre';
import { detectWebGL } from './webgl';

/**
 * What the widget needs from the outside world. The app provides base maps and analytics here;
 * tests and the harness replace WebGL detection or the maplibre loader.
 */
export interface MapEnvironment {
  detectWebGL: () => boolean;
  loadMapLibre: () => Promise<MapLibre>;
  baseStyles?: Partial<BaseStyles>;
  onTrack?: TrackFn;
}

const defaultEnvironment: MapEnvironment = { detectWebGL, loadMapLibre };
const MapEnvironmentContext = createContext<MapEnvironment>(defaultEnvironment);

export function MapEnvironmentProvider({ value, children }: { value: Partial<MapEnvironment>; children: ReactNode }) {
  const parent = useContext(MapEnvironmentContext);
  const merged = useMemo(() => ({ ...parent, ...value }), [parent, value]);
  return <MapEnvironmentContext.Provider value={merged}>{children}</MapEnvironmentContext.Provider>;
}

export const useMapEnvironment = () => useContext(MapEnvironmentContext);

/** The prop wins over the environment; without either, tracking is a no-op. */
export function useTrack(onTrack: TrackFn | undefined): TrackFn {
  const env = useMapEnvironment();
  const sink = onTrack ?? env.onTrack;
  return useCallback<TrackFn>((event, properties) => sink?.(event, properties), [sink]);
}
