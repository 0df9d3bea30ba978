import type { LayerStatus, MapStyle, TrackedEventName } from '@zview/contracts';
import type { BaseStyles } from './engine/baseStyles';
import type { MultiPolygon, Point, Polygon, Feature, FeatureCollection } from 'geojson';

/** A geographic position, longitude first as in GeoJSON. */
export interface LngLat {
  lng: number;
  lat: number;
}

/** The geographic footprint of an image (SPEC §3, imageBounds). */
export interface ImageBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** One picture placed on the map (SPEC §3, Image item). */
export interface ImageItem {
  imageUrl: string;
  imageBounds: ImageBounds;
  imageDateLabel?: string;
  imageProvider?: string;
}

/** A building of the property (SPEC §3, Building). */
export interface Building {
  label: string;
  rank: number;
  outline: Polygon;
  centroid: Point;
}

export type ParcelGeometry =
  Polygon | MultiPolygon | Feature<Polygon | MultiPolygon> | FeatureCollection<Polygon | MultiPolygon>;

/** The layers a person can switch on and off in the layers panel. */
export const TOGGLEABLE_LAYERS = ['aerial', 'location', 'parcel', 'building'] as const;
export type ToggleableLayer = (typeof TOGGLEABLE_LAYERS)[number];

/**
 * Initial state of each layer: true / 'active' shows it, false hides it (still listed),
 * 'unavailable' removes it from the panel. mapType picks the starting base map.
 */
export type LayerDefault = boolean | LayerStatus;
export type DefaultLayersState = Partial<Record<ToggleableLayer, LayerDefault>> & { mapType?: MapStyle };

export interface ZoomBoundary {
  minZoom?: number;
  maxZoom?: number;
}

/** Kept for callers written against the Mapbox version; maplibre needs no token. */
export interface MapboxConfig {
  accessToken?: string;
  mapStyle?: string;
}

/** Tracking events the widget emits (names from SPEC §7). */
export type MapTrackingEvent = Extract<
  TrackedEventName,
  'no_webgl_supported_browser' | 'pin_location_change' | 'move_save_map_pin'
>;
export type TrackFn = (event: MapTrackingEvent, properties?: Record<string, unknown>) => void;

export interface MapWidgetProps {
  imageBounds?: ImageBounds;
  imageUrl?: string;
  imageDateLabel?: string;
  imageProvider?: string;
  markerLocation?: LngLat;
  markerDraggable?: boolean;
  parcelGeo?: ParcelGeometry | null;
  buildings?: Building[];
  defaultLayersState?: DefaultLayersState;
  zoomBoundary?: ZoomBoundary;
  mapboxConfig?: MapboxConfig;
  /** Exactly two items switch the widget to the before/after comparison. */
  comparison?: [ImageItem, ImageItem] | ImageItem[];
  /** Several items switch the widget to the oblique slider. */
  images?: ImageItem[];
  onLocationPinChange?: (location: LngLat) => void;
  debugMode?: boolean;
  /** Tracking sink; falls back to the MapEnvironment's. */
  onTrack?: TrackFn;
  /** Base maps; falls back to the MapEnvironment's, then to built-in offline styles. */
  baseStyles?: Partial<BaseStyles>;
  /** Height of the widget (CSS); it fills its parent by default. */
  height?: number | string;
}
