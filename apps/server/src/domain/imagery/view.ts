import type { ObliqueDirection, WeatherEvent } from './capture.js';
import type { BBox, LngLat } from './geo.js';

/** What an orthophoto shows: an area, its pixel size, and the capture's date and events. */
export interface SceneView {
  bbox: BBox;
  width: number;
  height: number;
  /** YYYY-MM-DD: season, sun, roof ages and which buildings exist. */
  capturedOn: string;
  events: WeatherEvent[];
  /** Varies what is not data (the hour of the flight) between captures. */
  seed: string;
}

export interface ObliqueView extends Omit<SceneView, 'bbox'> {
  center: LngLat;
  /** Ground metres shown across the image at the centre. */
  spanM: number;
  /** The side the camera looks from. */
  direction: ObliqueDirection;
}
