import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { FeatureChange } from '../db/schema.js';
import { recordWorldChange } from '../domain/monitoring/books.js';

/**
 * A permit or a correction of building features (issue 41): the main building of each property
 * gets the new values, and one world change records which features moved on which property, from
 * what to what, so monitored books re-score those rows and every score change says why.
 */

/** The building features a permit or a correction may set, with how a value is read. */
const AMENDABLE = {
  roof_material: 'text',
  roof_shape: 'text',
  roof_condition: 'text',
  roof_install_year: 'integer',
  footprint_sqft: 'number',
  height_ft: 'number',
  stories: 'integer',
  built_year: 'integer',
  has_solar: 'boolean',
} as const;
type Amendable = keyof typeof AMENDABLE;
type Value = string | number | boolean;

/** `key=value,key=value` → the features to set; throws a message naming a bad key or value. */
export function parseFeatures(text: string): Partial<Record<Amendable, Value>> {
  const features: Partial<Record<Amendable, Value>> = {};
  for (const pair of text.split(',').filter(Boolean)) {
    const [key, raw] = pair.split('=') as [string, string | undefined];
    if (!(key in AMENDABLE)) throw new Error(`--set: ${key} is not one of ${Object.keys(AMENDABLE).join(', ')}`);
    if (raw === undefined || raw === '') throw new Error(`--set: ${key} needs a value (${key}=…)`);
    const kind = AMENDABLE[key as Amendable];
    const value =
      kind === 'text'
        ? raw
        : kind === 'boolean'
          ? raw === 'true'
          : kind === 'integer'
            ? Number.parseInt(raw, 10)
            : Number(raw);
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`--set: ${key} must be a number`);
    if (kind === 'boolean' && raw !== 'true' && raw !== 'false') throw new Error(`--set: ${key} must be true or false`);
    features[key as Amendable] = value;
  }
  if (!Object.keys(features).length) throw new Error('--set key=value[,key=value] is required');
  return features;
}

export interface AmendOptions {
  cause: 'permit' | 'correction';
  propertyIds: string[];
  features: Partial<Record<Amendable, Value>>;
  date: string;
  /** The permit's or correction's own id; made from the cause and date when not given. */
  reference?: string;
}

export async function amendBuildings(db: Db, options: AmendOptions) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(options.date) || Number.isNaN(Date.parse(options.date)))
    throw new Error('--date must be YYYY-MM-DD');
  if (!options.propertyIds.length) throw new Error('--property ID[,ID] is required');
  const keys = Object.keys(options.features) as Amendable[];
  return db.transaction().execute(async (trx) => {
    const { rows: before } = await sql<Record<string, Value | null> & { property_id: string }>`
      SELECT property_id, ${sql.join(keys.map((k) => sql.ref(k)))} FROM buildings
      WHERE property_id = ANY(${options.propertyIds}::text[]) AND rank = 1 FOR UPDATE`.execute(trx);
    const missing = options.propertyIds.filter((id) => !before.some((b) => b.property_id === id));
    if (missing.length) throw new Error(`No building on ${missing.join(', ')}`);
    await sql`UPDATE buildings SET ${sql.join(keys.map((k) => sql`${sql.ref(k)} = ${options.features[k]}`))}
      WHERE property_id = ANY(${options.propertyIds}::text[]) AND rank = 1`.execute(trx);
    const featureChanges: Record<string, FeatureChange[]> = {};
    for (const b of before) {
      const moved = keys
        .filter((k) => b[k] !== options.features[k])
        .map((k) => ({ name: k, from: b[k] ?? null, to: options.features[k]! }));
      if (moved.length) featureChanges[b.property_id] = moved;
    }
    const reference =
      options.reference ?? `${options.cause}-${options.date.replaceAll('-', '')}-${Date.now() % 100_000}`;
    const changeId = await recordWorldChange(trx, {
      cause: options.cause,
      causeId: reference,
      description: `${options.cause === 'permit' ? 'Permit' : 'Correction'} ${reference}: ${keys.join(', ')} on ${options.propertyIds.length} propert${options.propertyIds.length === 1 ? 'y' : 'ies'}`,
      occurredOn: options.date,
      propertyIds: options.propertyIds,
      movedFeatures: Object.fromEntries(Object.entries(featureChanges).map(([id, fs]) => [id, fs.map((f) => f.name)])),
      featureChanges,
    });
    return { changeId, reference, featureChanges };
  });
}
