import type { Db } from '../../db/database.js';
import { featureChangesAfter, type WorldChange } from '../../db/monitoring.js';
import { EDITABLE_FEATURES } from '../appeals/features.js';
import type { PropertyFeatures } from '../property/features.js';
import { isoDate } from '../property/load.js';
import { loadPropertyFeaturesMany } from '../property/load-many.js';

/**
 * The features a page of properties had just before a world change, so that a recorded change
 * lists every factor whose contribution the change moved (issue 41), scored at the same as-of date
 * as the new score. A permit, a correction or a capture that says what it moved from what: today's
 * features with the moved features set back to their `from` values (the world is amended in place).
 * Imported imagery: the features the day before it. Other causes (a model release, an appeal): null.
 */
export async function featuresBefore(
  db: Db,
  change: WorldChange,
  propertyIds: readonly string[],
  asOfDate: string,
  current: ReadonlyMap<string, PropertyFeatures>,
): Promise<Map<string, PropertyFeatures> | null> {
  // A capture that says what it moved (the sample world's) is read like a permit; imported imagery
  // is read as of the day before.
  if (change.cause === 'capture' && !change.feature_changes) {
    const dayBefore = new Date(`${asOfDate}T00:00:00Z`);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    return loadPropertyFeaturesMany(db, propertyIds, isoDate(dayBefore));
  }
  if (change.cause !== 'capture' && change.cause !== 'permit' && change.cause !== 'correction') return null;
  const before = new Map<string, PropertyFeatures>();
  for (const id of propertyIds) {
    const now = current.get(id);
    if (!now) continue;
    before.set(id, withValues(now, change.feature_changes?.[id] ?? []));
  }
  return before;
}

/**
 * The features these properties had when a world change was applied, from today's: the features
 * each later change (recorded since, applied or not) moved set back to their `from`, newest first.
 * A row that joins a book late takes an earlier change again (engine.ts replayChangesForJoinedRows)
 * after later permits, corrections or captures amended the world in place: scored on today's
 * features, the earlier change would take the later ones' moves to its own account. Features dated
 * by the world itself (imagery, permits as of a day) are read as of the change's date already.
 */
export async function featuresAtChange(
  db: Db,
  change: WorldChange,
  current: ReadonlyMap<string, PropertyFeatures>,
): Promise<ReadonlyMap<string, PropertyFeatures>> {
  const later = await featureChangesAfter(db, change.id, [...current.keys()]);
  if (!later.length) return current;
  const at = new Map(current);
  for (const { property_id: id, changes } of later) at.set(id, withValues(at.get(id)!, changes));
  return at;
}

/** The world's building columns by the appeal feature that sets each (same values, other names). */
const EDITABLE_KEY: Record<string, string> = {
  built_year: 'year_built',
  has_solar: 'solar_panels',
  height_ft: 'building_height',
};

function withValues(
  features: PropertyFeatures,
  values: readonly { name: string; from: string | number | boolean | null }[],
): PropertyFeatures {
  let changed = features;
  for (const { name, from } of values) {
    const feature = EDITABLE_FEATURES.find((f) => f.key === (EDITABLE_KEY[name] ?? name));
    if (!feature || from === null) continue; // a feature no model reads (the footprint), or unknown before
    try {
      changed = feature.apply(changed, from);
    } catch {
      // no main building to set it on: the factor is left as it is now
    }
  }
  return changed;
}
