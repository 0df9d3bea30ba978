import type { Db } from '../../db/database.js';
import { listBasemapRows } from '../../db/basemap.js';
import { findCaptureById, findPropertyRow, listPropertyIdsInBBox } from '../../db/properties.js';
import type { BasemapData } from '../imagery/basemap.js';
import type { PropertyCapture, WeatherEvent, WeatherEventKind } from '../imagery/capture.js';
import type { BBox, LngLat } from '../imagery/geo.js';
import { propertySceneParts } from '../imagery/scene-builder.js';
import { emptyScene, type SceneFeatures, type SceneRoad } from '../imagery/scene.js';
import type { ImagerySources } from '../imagery/service.js';
import { isoDate } from './load.js';
import { loadPropertyFeaturesMany } from './load-many.js';
import { findPropertyEvents } from './load.js';

/** The most properties one scene draws; a tile at zoom 16 over a dense block stays well below. */
const MAX_SCENE_PROPERTIES = 400;

/** World weather-event kinds as the renderer knows them (floods leave no mark on a roof). */
const RENDERED_EVENT_KIND: Partial<Record<string, WeatherEventKind>> = {
  hail: 'hail',
  wind: 'wind',
  wildfire: 'wildfire',
};

/**
 * Streets are not stored: each is the line through the address points of one street (lots face
 * it from both sides), extended a little past the last house.
 */
export function streetsFromAddressPoints(
  points: { streetKey: string; lng: number; lat: number; name?: string }[],
): SceneRoad[] {
  const byStreet = new Map<string, LngLat[]>();
  // The street's name as written ('Wheatland Ave'); the key ('WHEATLAND AVE') when none is given.
  const names = new Map<string, string>();
  for (const p of points) {
    const list = byStreet.get(p.streetKey) ?? [];
    list.push([p.lng, p.lat]);
    byStreet.set(p.streetKey, list);
    if (p.name) names.set(p.streetKey, p.name);
  }
  const roads: SceneRoad[] = [];
  for (const [streetKey, pts] of byStreet) {
    if (pts.length < 2) continue;
    const cx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
    const cy = pts.reduce((s, p) => s + p[1], 0) / pts.length;
    // Principal axis of the points (2×2 covariance), in degrees scaled to local metres.
    const k = Math.cos((cy * Math.PI) / 180);
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    for (const [x, y] of pts) {
      const dx = (x - cx) * k;
      const dy = y - cy;
      sxx += dx * dx;
      syy += dy * dy;
      sxy += dx * dy;
    }
    const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
    const ux = Math.cos(angle);
    const uy = Math.sin(angle);
    const along = pts.map(([x, y]) => (x - cx) * k * ux + (y - cy) * uy);
    const pad = 0.00025;
    const min = Math.min(...along) - pad;
    const max = Math.max(...along) + pad;
    const at = (t: number): LngLat => [cx + (t * ux) / k, cy + t * uy];
    roads.push({
      id: `street:${streetKey}`,
      line: { type: 'LineString', coordinates: [at(min), at(max)] },
      widthM: 9,
      name: names.get(streetKey) ?? streetKey,
    });
  }
  return roads;
}

/** The most lots one base-map tile reads (a zoom-16 tile over the densest block holds fewer). */
const MAX_BASEMAP_PROPERTIES = 4_000;

/** The street base map's data of a bbox, from the world tables (see encodeBasemapTile). */
export async function worldBasemap(db: Db, bbox: BBox): Promise<BasemapData> {
  const rows = await listBasemapRows(db, bbox, MAX_BASEMAP_PROPERTIES);
  const polygons = (g: GeoJSON.Polygon | GeoJSON.MultiPolygon | null): GeoJSON.Polygon[] =>
    !g ? [] : g.type === 'Polygon' ? [g] : g.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }));
  return {
    parcels: rows.properties.flatMap((p) => polygons(p.parcel)),
    buildings: rows.buildings.map((b) => b.outline),
    roads: streetsFromAddressPoints(
      rows.properties.map((p) => ({ streetKey: p.street_key, name: p.street, lng: p.lng, lat: p.lat })),
    ),
    // The world stores no water bodies yet; imported hydrography would feed this layer.
    water: [],
    addresses: rows.properties.map((p) => ({ point: [p.lng, p.lat], number: p.house_number })),
    places: rows.places.map((n) => ({ point: [n.center_lng, n.center_lat], name: n.name, city: n.city })),
  };
}

/** The imagery renderer's sources, read from the world tables (generated or imported alike). */
export function worldImagerySources(db: Db): ImagerySources {
  return {
    basemap: (bbox) => worldBasemap(db, bbox),
    async scene(bbox: BBox): Promise<SceneFeatures> {
      const rows = await listPropertyIdsInBBox(db, bbox, 0.0006, MAX_SCENE_PROPERTIES);
      const scene: SceneFeatures = { ...emptyScene(), yardObjects: [] };
      // One set-wise load for the whole scene: a tile at zoom 21 draws a dozen or more lots, and one
      // load per lot cost five queries each, on every tile request (cached tiles too: the cache key
      // is a digest of the scene).
      const featuresOf = await loadPropertyFeaturesMany(
        db,
        rows.map((row) => row.id),
      );
      const parts = rows.map((row) => {
        const features = featuresOf.get(row.id);
        if (!features || !row.parcel || row.parcel.type !== 'Polygon') return null;
        return propertySceneParts({ propertyId: row.id, parcel: row.parcel, features });
      });
      for (const part of parts) {
        if (!part) continue;
        scene.parcels.push(...part.parcels);
        scene.buildings.push(...part.buildings);
        scene.trees.push(...part.trees);
        scene.pools.push(...part.pools);
        scene.water!.push(...(part.water ?? []));
        scene.yardObjects!.push(...(part.yardObjects ?? []));
      }
      scene.roads = streetsFromAddressPoints(rows.map((r) => ({ streetKey: r.street_key, lng: r.lng, lat: r.lat })));
      return scene;
    },

    async capture(captureId: string, propertyId: string): Promise<PropertyCapture | null> {
      const [row, capture] = await Promise.all([findPropertyRow(db, propertyId), findCaptureById(db, captureId)]);
      if (!row || !capture) return null;
      // A capture shows a property only if it covers it.
      const covers =
        (capture.neighbourhood_id !== null && capture.neighbourhood_id === row.neighbourhood_id) ||
        (capture.south <= row.lat && capture.north >= row.lat && capture.west <= row.lng && capture.east >= row.lng);
      if (!covers) return null;
      const events = await findPropertyEvents(db, row);
      const rendered: WeatherEvent[] = events.flatMap((e) => {
        const kind = RENDERED_EVENT_KIND[e.kind];
        if (!kind) return [];
        return [
          {
            id: e.id,
            kind,
            date: e.occurredOn,
            severity: Math.min(1, Math.max(0.2, e.magnitude / (e.kind === 'hail' ? 3 : 120))),
          },
        ];
      });
      return {
        captureId,
        propertyId,
        capturedOn: isoDate(capture.captured_on),
        provider: capture.provider,
        view: capture.kind,
        ...(capture.direction ? { direction: capture.direction } : {}),
        center: [row.lng, row.lat],
        events: rendered,
        ...(capture.tiles_key && capture.min_zoom !== null && capture.max_zoom !== null
          ? {
              mosaic: {
                id: capture.id,
                tilesKey: capture.tiles_key,
                minZoom: capture.min_zoom,
                maxZoom: capture.max_zoom,
              },
            }
          : {}),
      };
    },
  };
}
