import { readFile } from 'node:fs/promises';
import area from '@turf/area';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import centroid from '@turf/centroid';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { parseAddress } from '../../domain/geocoder/parse.js';
import { bboxOf, FEET_PER_METRE, type LngLat } from '../../domain/hazard/geo.js';
import type { ImportReport } from './openaddresses.js';
import { importedPropertyRow, upsertImportedProperties } from './imported.js';

type AreaGeometry = GeoJSON.Polygon | GeoJSON.MultiPolygon;
type AreaFeature = GeoJSON.Feature<AreaGeometry, Record<string, unknown> | null>;

const SQM_TO_SQFT = 10.7639;
/** Property fields commonly holding a parcel's situs address. */
const ADDRESS_FIELDS = ['address', 'ADDRESS', 'situs', 'SITUS', 'SITUS_ADDR', 'site_addr', 'SiteAddress', 'FULL_ADDR'];

export async function readFeatureCollection(input: string | GeoJSON.FeatureCollection): Promise<AreaFeature[]> {
  const collection =
    typeof input === 'string' ? (JSON.parse(await readFile(input, 'utf8')) as GeoJSON.FeatureCollection) : input;
  if (collection?.type !== 'FeatureCollection' || !Array.isArray(collection.features))
    throw new Error('Expected a GeoJSON FeatureCollection');
  return collection.features.filter(
    (f): f is AreaFeature => !!f?.geometry && (f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon'),
  );
}

function ringsOf(geometry: AreaGeometry): LngLat[][] {
  return (geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat()) as LngLat[][];
}

/** Properties whose point lies in a bounding box (the (lat, lng) index), with their parcels. */
async function propertiesIn(db: Db, [west, south, east, north]: [number, number, number, number]) {
  const { rows } = await sql<{ id: string; lat: number; lng: number; parcel: AreaGeometry | null }>`
    SELECT id, lat, lng, parcel FROM properties
    WHERE lat BETWEEN ${south} AND ${north} AND lng BETWEEN ${west} AND ${east}`.execute(db);
  return rows;
}

/**
 * Imports parcels (GeoJSON polygons). A parcel is attached to the property whose address point
 * it contains; a parcel with a situs address and no property yet creates an imported property
 * at its centroid (features estimated, like any imported address).
 */
export async function importParcels(
  db: Db,
  input: string | GeoJSON.FeatureCollection,
): Promise<ImportReport & { created: number }> {
  const features = await readFeatureCollection(input);
  const report = { imported: 0, skipped: 0, created: 0, problems: [] as string[] };
  for (const [index, feature] of features.entries()) {
    const box = bboxOf(ringsOf(feature.geometry));
    const inside = (await propertiesIn(db, box)).filter((p) => booleanPointInPolygon([p.lng, p.lat], feature.geometry));
    if (inside.length) {
      await db
        .updateTable('properties')
        .set({ parcel: JSON.stringify(feature.geometry) })
        .where(
          'id',
          'in',
          inside.map((p) => p.id),
        )
        .execute();
      report.imported++;
      continue;
    }
    const situs = ADDRESS_FIELDS.map((field) => feature.properties?.[field]).find(
      (v): v is string => typeof v === 'string' && v.trim() !== '',
    );
    const [lng, lat] = centroid(feature).geometry.coordinates as LngLat;
    const row = situs
      ? importedPropertyRow({
          parsed: parseAddress(situs),
          lat,
          lng,
          sourceId: String(feature.id ?? feature.properties?.id ?? situs),
        })
      : null;
    if (!row) {
      report.skipped++;
      if (report.problems.length < 20)
        report.problems.push(`feature ${index}: no property inside and no complete situs address`);
      continue;
    }
    row.parcel = feature.geometry;
    await upsertImportedProperties(db, [row]);
    report.imported++;
    report.created++;
  }
  return report;
}

/**
 * Imports building footprints (GeoJSON polygons, e.g. Microsoft/USA Structures). Each footprint
 * goes to the property whose parcel contains its centroid (or, without parcels, the nearest
 * address point within 60 m); a property's footprints are ranked by area, largest = 1, and
 * replace its estimated building. Height comes from a `height` (m) or `height_ft` property when
 * present; roof attributes are unknown and marked estimated.
 */
export async function importBuildingFootprints(
  db: Db,
  input: string | GeoJSON.FeatureCollection,
): Promise<ImportReport> {
  const features = await readFeatureCollection(input);
  const report: ImportReport = { imported: 0, skipped: 0, problems: [] };
  const byProperty = new Map<string, { feature: AreaFeature; sqm: number; at: LngLat }[]>();
  for (const [index, feature] of features.entries()) {
    const at = centroid(feature).geometry.coordinates as LngLat;
    const pad = 0.0008;
    const candidates = await propertiesIn(db, [at[0] - pad, at[1] - pad, at[0] + pad, at[1] + pad]);
    const owner =
      candidates.find((p) => p.parcel && booleanPointInPolygon(at, p.parcel)) ??
      nearest(
        candidates.filter((p) => !p.parcel),
        at,
        60,
      );
    if (!owner) {
      report.skipped++;
      if (report.problems.length < 20)
        report.problems.push(`feature ${index}: no parcel or address point under the footprint`);
      continue;
    }
    const list = byProperty.get(owner.id) ?? [];
    list.push({ feature, sqm: area(feature), at });
    byProperty.set(owner.id, list);
  }
  for (const [propertyId, footprints] of byProperty) {
    footprints.sort((a, b) => b.sqm - a.sqm);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('buildings').where('property_id', '=', propertyId).execute();
      await trx
        .insertInto('buildings')
        .values(
          footprints.map(({ feature, sqm, at }, i) => {
            const heightFt = heightOf(feature.properties);
            const outline: GeoJSON.Polygon =
              feature.geometry.type === 'Polygon'
                ? feature.geometry
                : { type: 'Polygon', coordinates: feature.geometry.coordinates[0]! };
            return {
              property_id: propertyId,
              rank: i + 1,
              label: i === 0 ? 'Primary structure' : `Structure ${i + 1}`,
              outline: JSON.stringify(outline),
              centroid_lat: at[1],
              centroid_lng: at[0],
              footprint_sqft: Math.round(sqm * SQM_TO_SQFT),
              height_ft: heightFt ?? 15,
              stories: heightFt ? Math.max(1, Math.round(heightFt / 11)) : 1,
              roof_material: 'unknown',
              roof_shape: 'unknown',
              roof_condition: 'unknown',
              roof_install_year: null,
              built_year: null,
            };
          }),
        )
        .execute();
      // The building is now observed; the rest of the estimates stay listed.
      await sql`UPDATE properties SET estimated = array_append(array_remove(array_remove(estimated, 'buildings'), 'roof'), 'roof')
                 WHERE id = ${propertyId}`.execute(trx);
    });
    report.imported += footprints.length;
  }
  return report;
}

function heightOf(properties: Record<string, unknown> | null): number | null {
  const metres = Number(properties?.height);
  if (Number.isFinite(metres) && metres > 0) return Math.round(metres * FEET_PER_METRE * 10) / 10;
  const feet = Number(properties?.height_ft);
  if (Number.isFinite(feet) && feet > 0) return feet;
  return null;
}

function nearest<T extends { lat: number; lng: number }>(
  items: T[],
  [lng, lat]: LngLat,
  maxMetres: number,
): T | undefined {
  let best: T | undefined;
  let bestD = Infinity;
  for (const item of items) {
    const dx = (item.lng - lng) * 111_320 * Math.cos((lat * Math.PI) / 180);
    const dy = (item.lat - lat) * 110_574;
    const d = Math.hypot(dx, dy);
    if (d < bestD) {
      best = item;
      bestD = d;
    }
  }
  return bestD <= maxMetres ? best : undefined;
}
