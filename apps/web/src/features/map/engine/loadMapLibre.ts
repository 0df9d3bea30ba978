/*
 * maplibre-gl is ~1 MB: it is imported only when a map is actually shown, so it stays out of the
 * initial bundle. Its worker is a separate module file served from our origin (CSP worker-src 'self').
 */
import type * as MapLibreModule from 'maplibre-gl';

export type MapLibre = typeof MapLibreModule;

let loading: Promise<MapLibre> | null = null;

export function loadMapLibre(): Promise<MapLibre> {
  loading ??= Promise.all([
    import('maplibre-gl'),
    import('maplibre-gl/dist/maplibre-gl-worker.mjs?url'),
    import('maplibre-gl/dist/maplibre-gl.css'),
  ])
    .then(([maplibre, worker]) => {
      maplibre.setWorkerUrl(new URL(worker.default, globalThis.location.href).href);
      // Start the worker pool now, not when the first map is created: loading the worker script
      // is otherwise on the path to the first frame. Only a head start: where workers cannot
      // start (no Worker, as in jsdom) prewarm would fail in the background, so it is skipped
      // and the first map reports the problem as before.
      if (typeof Worker === 'function') maplibre.prewarm();
      return maplibre;
    })
    .catch((error: unknown) => {
      loading = null; // let a later mount try again
      throw error;
    });
  return loading;
}

/**
 * The load under way, if any, once it has settled either way. Component tests wait for it before
 * their environment is torn down: a page that starts the ~1 MB import in its last moments otherwise
 * fails the whole run with an EnvironmentTeardownError after every test passed.
 */
export const mapLibreSettled = (): Promise<unknown> => (loading ?? Promise.resolve()).catch(() => undefined);
