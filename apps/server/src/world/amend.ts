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

const ROOF: readonly Amendable[] = ['roof_material', 'roof_shape', 'roof_install_year'];
const SIZE: readonly Amendable[] = ['footprint_sqft', 'height_ft', 'stories'];

/** The kind of permit that sets these features, as the world's own permits name them. */
function permitKind(features: AmendOptions['features']): string {
  const sets = (keys: readonly Amendable[]) => keys.some((k) => k in features);
  if (sets(ROOF)) return 'roof_replacement';
  if (features.has_solar === true) return 'solar';
  if (sets(SIZE)) return 'addition';
  return 'alteration';
}

/**
 * What a permit sets: a roof replaced under a permit is new (installed in the permit's year, in good
 * condition) unless the permit says otherwise — as the property's features read a roofing permit.
 */
function permitFeatures(options: AmendOptions): AmendOptions['features'] {
  if (options.cause !== 'permit' || permitKind(options.features) !== 'roof_replacement') return options.features;
  return {
    roof_install_year: Number(options.date.slice(0, 4)),
    roof_condition: 'good',
    ...options.features,
  };
}

/**
 * The permit on each property (issued and completed on its date, on the main building), so that
 * the property's permit list shows it and its features are dated by it. Ids are the reference (one
 * property) or the reference and the property; a reference already recorded is refused.
 */
async function insertPermits(
  trx: Db,
  options: AmendOptions & { reference: string },
  before: (Record<string, Value | null> & { property_id: string })[],
) {
  const kind = permitKind(options.features);
  // "Roof material: metal, roof install year: 2026" under the kind's own title (Roof replacement).
  const what = Object.entries(options.features)
    .map(([k, v]) => `${k.replaceAll('_', ' ')}: ${String(v).replaceAll('_', ' ')}`)
    .join(', ');
  const rows = before.map((b) => ({
    id: options.propertyIds.length === 1 ? options.reference : `${options.reference}-${b.property_id}`,
    property_id: b.property_id,
    kind,
    description: what.charAt(0).toUpperCase() + what.slice(1),
    issued_on: options.date,
    completed_on: options.date,
    valuation_usd: null,
    contractor: null,
    building_rank: 1,
    roof_material: kind === 'roof_replacement' ? String(options.features.roof_material ?? b.roof_material) : null,
    replaced_roof_material: kind === 'roof_replacement' ? ((b.roof_material as string | null) ?? null) : null,
  }));
  const taken = await trx
    .selectFrom('permits')
    .select('id')
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  if (taken.length) throw new Error(`Permit ${taken.map((t) => t.id).join(', ')} is already recorded`);
  await trx.insertInto('permits').values(rows).execute();
}

export async function amendBuildings(db: Db, requested: AmendOptions) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(requested.date) || Number.isNaN(Date.parse(requested.date)))
    throw new Error('--date must be YYYY-MM-DD');
  if (!requested.propertyIds.length) throw new Error('--property ID[,ID] is required');
  const options = { ...requested, features: permitFeatures(requested) };
  const keys = Object.keys(options.features) as Amendable[];
  // The roof material before is read for a roofing permit's "replaced" material.
  const read = keys.includes('roof_material') ? keys : [...keys, 'roof_material' as const];
  return db.transaction().execute(async (trx) => {
    const { rows: before } = await sql<Record<string, Value | null> & { property_id: string }>`
      SELECT property_id, ${sql.join(read.map((k) => sql.ref(k)))} FROM buildings
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
    // The permit says what was asked (its description), not what a new roof implies.
    if (options.cause === 'permit') await insertPermits(trx, { ...requested, reference }, before);
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
