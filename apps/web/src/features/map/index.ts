/**
 * Public surface of the map feature. Other features (the property view in features/scores) may
 * import from this file only — never from map/components, map/engine, … — see the
 * no-restricted-imports rule in eslint.config.js.
 */
export { MapWidget } from './MapWidget';
/** Starts downloading maplibre before a map mounts (e.g. while the property lookup is in flight). */
export { loadMapLibre as preloadMapLibre } from './engine/loadMapLibre';
export { MapEnvironmentProvider, type MapEnvironment } from './engine/environment';
export { OFFLINE_BASE_STYLES, serverBaseStyles, type BaseStyle, type BaseStyles } from './engine/baseStyles';
export { mapSourcesQuery, signedBaseStyles, streetStyleUrl, usePropertyBaseStyles } from './api/mapSources';
export { prefetchSatelliteTiles, warmHttpCache } from './api/prefetchTiles';
export type * from './types';
/** For other features' own maps (the portfolio results map): maplibre loaded on demand, WebGL check. */
export { loadMapLibre, type MapLibre } from './engine/loadMapLibre';
export { detectWebGL } from './engine/webgl';
