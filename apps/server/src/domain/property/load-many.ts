import type { Db } from '../../db/database.js';
import {
  findPropertyRows,
  listBuildingsOf,
  listCaptureDatesOf,
  listImportedCaptureDatesAt,
  listPermitsOf,
} from '../../db/properties.js';
import type { PropertyFeatures } from './features.js';
import { deriveFeatures, type BuildingRecord, type CaptureRecord, type PermitRecord } from './load.js';

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * loadPropertyFeatures for many properties at once (batch scoring): five queries whatever the
 * number of properties, instead of five per property. Unknown ids are absent from the map.
 */
export async function loadPropertyFeaturesMany(
  db: Db,
  propertyIds: readonly string[],
  asOfDate?: string | Date,
): Promise<Map<string, PropertyFeatures>> {
  const ids = [...new Set(propertyIds)];
  const features = new Map<string, PropertyFeatures>();
  if (!ids.length) return features;
  const rows = await findPropertyRows(db, ids);
  const neighbourhoods = [...new Set(rows.map((r) => r.neighbourhood_id).filter((n): n is string => n !== null))];
  const [buildings, permits, ownCaptures, importedCaptures] = await Promise.all([
    listBuildingsOf(db, ids),
    listPermitsOf(db, ids),
    listCaptureDatesOf(db, neighbourhoods),
    listImportedCaptureDatesAt(db, rows),
  ]);
  const buildingsOf = groupBy<BuildingRecord, string>(buildings, (b) => b.property_id);
  const permitsOf = groupBy<PermitRecord, string>(permits, (p) => p.property_id);
  const capturesOfNeighbourhood = groupBy(ownCaptures, (c) => c.neighbourhood_id);
  const importedOf = groupBy(importedCaptures, (c) => c.index);
  type CaptureDate = Pick<CaptureRecord, 'kind' | 'captured_on'>;
  rows.forEach((row, index) => {
    const captures: CaptureDate[] = [
      ...(row.neighbourhood_id ? (capturesOfNeighbourhood.get(row.neighbourhood_id) ?? []) : []),
      ...(importedOf.get(index) ?? []),
    ];
    features.set(
      row.id,
      deriveFeatures(row, buildingsOf.get(row.id) ?? [], permitsOf.get(row.id) ?? [], captures, asOfDate),
    );
  });
  return features;
}
