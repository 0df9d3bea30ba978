import { hashUnit } from './random.js';
import type { SceneBuilding, SceneRaster, SceneTree } from './scene.js';
import type { BBox, LngLat } from './geo.js';
import { bboxContains } from './geo.js';

export const OBLIQUE_DIRECTIONS = ['north', 'east', 'south', 'west'] as const;
export type ObliqueDirection = (typeof OBLIQUE_DIRECTIONS)[number];

export type WeatherEventKind = 'hail' | 'wind' | 'hurricane' | 'tornado' | 'wildfire' | 'flood';

export interface WeatherEvent {
  id: string;
  kind: WeatherEventKind;
  /** YYYY-MM-DD */
  date: string;
  /** 0–1: share of exposed buildings damaged. */
  severity: number;
  /** Area hit; absent = the whole scene. */
  area?: BBox;
}

/** One imagery capture of a property: when, how, and what happened before it. */
export interface PropertyCapture {
  captureId: string;
  propertyId: string;
  /** YYYY-MM-DD */
  capturedOn: string;
  provider: string;
  view: 'ortho' | 'oblique';
  /** Oblique only: the side the camera looks from. */
  direction?: ObliqueDirection;
  /** Centre of the image (the property's main building or address point). */
  center: LngLat;
  /** Weather events near the property (the renderer decides which ones the capture shows). */
  events: WeatherEvent[];
  /** An imported photo of this capture: cropped around the property instead of drawing. */
  raster?: SceneRaster;
  /** An imported mosaic (tile pyramid in the blob store): the property's image is cut from its tiles. */
  mosaic?: { id: string; tilesKey: string; minZoom: number; maxZoom: number };
}

/** How long damage stays visible before it is repaired or regrown. */
const VISIBLE_DAYS: Record<WeatherEventKind, number> = {
  hail: 150,
  wind: 200,
  hurricane: 240,
  tornado: 240,
  wildfire: 730,
  flood: 90,
};

const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** Events that happened before the capture and whose damage is still visible on it. */
export function visibleEvents(capturedOn: string, events: WeatherEvent[]): WeatherEvent[] {
  return events.filter((e) => {
    const elapsed = days(e.date, capturedOn);
    return elapsed >= 0 && elapsed <= VISIBLE_DAYS[e.kind];
  });
}

export type RoofDamage = 'none' | 'hail' | 'tarp' | 'burned';

const inArea = (event: WeatherEvent, point: LngLat) =>
  !event.area || bboxContains(event.area, [point[0], point[1], point[0], point[1]]);

function centroidOf(polygon: GeoJSON.Polygon): LngLat {
  const ring = polygon.coordinates[0] ?? [];
  const pts = ring.length > 1 ? ring.slice(0, -1) : ring;
  let x = 0;
  let y = 0;
  for (const p of pts) {
    x += p[0] ?? 0;
    y += p[1] ?? 0;
  }
  return [x / Math.max(1, pts.length), y / Math.max(1, pts.length)];
}

/**
 * The damage a capture shows on a building. Which buildings an event hits is drawn from the
 * building and event ids, so every capture after the event agrees. A roof replaced after the
 * event (install year later than the event) is shown repaired.
 */
export function roofDamage(building: SceneBuilding, capturedOn: string, events: WeatherEvent[]): RoofDamage {
  for (const event of visibleEvents(capturedOn, events)) {
    if (!inArea(event, centroidOf(building.outline))) continue;
    const eventYear = Number(event.date.slice(0, 4));
    if (
      building.roofInstallYear !== null &&
      building.roofInstallYear > eventYear &&
      Number(capturedOn.slice(0, 4)) >= building.roofInstallYear
    )
      continue;
    const draw = hashUnit(building.id, event.id);
    if (event.kind === 'wildfire') {
      if (draw < event.severity * 0.4) return 'burned';
      continue;
    }
    if (event.kind === 'flood') continue;
    if (draw >= event.severity) continue;
    if (event.kind === 'hail') return 'hail';
    return 'tarp';
  }
  return 'none';
}

export function treeBurned(tree: SceneTree, capturedOn: string, events: WeatherEvent[]): boolean {
  return visibleEvents(capturedOn, events).some(
    (e) => e.kind === 'wildfire' && inArea(e, tree.center) && hashUnit(tree.id, e.id) < 0.3 + e.severity * 0.7,
  );
}

/** A building exists on a capture unless it was built later. */
export function buildingExists(building: SceneBuilding, capturedOn: string): boolean {
  return !building.yearBuilt || building.yearBuilt <= Number(capturedOn.slice(0, 4));
}
