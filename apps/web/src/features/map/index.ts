export { MapWidget } from './MapWidget';
export { MapEnvironmentProvider, type MapEnvironment } from './engine/environment';
export { OFFLINE_BASE_STYLES, serverBaseStyles, type BaseStyle, type BaseStyles } from './engine/baseStyles';
export type * from './types';
