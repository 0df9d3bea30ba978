import type { ManualInputs, ScoreResult } from '@zview/contracts';
import { listOrganizationScoreVersions } from '../../db/appeals.js';
import type { Db } from '../../db/database.js';

/**
 * Published appeal versions in lookups: an organisation's view of a property shows the latest
 * version published on or before the date looked at (today, or the look-back date), marked
 * 'amended by appeal' with its date; a look-back to before the first version shows the model's
 * score, so earlier versions stay visible.
 */
interface VersionLike {
  version: number;
  appeal_id: number;
  result: unknown;
  published_at: Date;
  manual_inputs?: unknown;
}

/** The latest of `versions` (oldest first) published at or before `atMs`. */
export function currentVersionAt<V extends VersionLike>(versions: readonly V[], atMs: number): V | undefined {
  let found: V | undefined;
  for (const v of versions) if (v.published_at.getTime() <= atMs && (!found || v.version > found.version)) found = v;
  return found;
}

/**
 * The manual inputs published for a property across all its products, at `atMs`: features are
 * per property, not per product, so a roof material an appeal of Z-HAIL proved is the roof Z-FIRE
 * sees too. Each product's latest version counts; later publications win a key.
 */
export function propertyInputsAt(versions: readonly (VersionLike & { product: string })[], atMs: number): ManualInputs {
  const byProduct = new Map<string, (VersionLike & { product: string })[]>();
  for (const v of versions) byProduct.set(v.product, [...(byProduct.get(v.product) ?? []), v]);
  const latest = [...byProduct.values()]
    .map((list) => currentVersionAt(list, atMs))
    .filter((v): v is VersionLike & { product: string } => v !== undefined)
    .sort((a, b) => a.published_at.getTime() - b.published_at.getTime() || a.appeal_id - b.appeal_id);
  return Object.assign({}, ...latest.map((v) => (v.manual_inputs ?? {}) as ManualInputs)) as ManualInputs;
}

export type VersionsByKey = Map<string, VersionLike[]>;
const keyOf = (propertyId: string, product: string) => `${propertyId}|${product}`;

/**
 * Each organisation's published versions, read once and kept until the change feed says
 * `appeal_score_versions` (or the world) changed (the table notifies `zview_world`, migration
 * 0600): the owner calls `clear()` then. `generation` keeps a read begun before a clear out.
 */
export class AmendmentCache {
  private readonly byOrg = new Map<number, VersionsByKey>();
  private generation = 0;

  clear(): void {
    this.generation += 1;
    this.byOrg.clear();
  }

  async versionsOf(db: Db, organizationId: number, useCache: boolean): Promise<VersionsByKey> {
    const cached = useCache ? this.byOrg.get(organizationId) : undefined;
    if (cached) return cached;
    const generation = this.generation;
    const rows = await listOrganizationScoreVersions(db, organizationId);
    const map: VersionsByKey = new Map();
    for (const row of rows) {
      const key = keyOf(row.property_id, row.product);
      const list = map.get(key) ?? [];
      list.push(row);
      map.set(key, list);
    }
    if (useCache && generation === this.generation) {
      if (this.byOrg.size > 1000) this.byOrg.delete(this.byOrg.keys().next().value!);
      this.byOrg.set(organizationId, map);
    }
    return map;
  }
}

/**
 * The products of a lookup with the organisation's published versions applied (a new object
 * when any applies; the input is shared between organisations and left alone). `versions` is the
 * organisation's (AmendmentCache.versionsOf), read by the caller beside the property's reads.
 */
export function applyAmendments(
  versions: VersionsByKey,
  propertyId: string | null,
  products: Record<string, ScoreResult>,
  options: { asOf?: string },
): Record<string, ScoreResult> {
  if (!propertyId || !versions.size) return products;
  // A look-back date counts to its end: a version published that day is shown.
  const atMs = options.asOf ? Date.parse(`${options.asOf}T23:59:59.999Z`) : Date.now();
  let changed: Record<string, ScoreResult> | null = null;
  for (const product of Object.keys(products)) {
    const version = currentVersionAt(versions.get(keyOf(propertyId, product)) ?? [], atMs);
    if (!version) continue;
    changed ??= { ...products };
    changed[product] = {
      ...(version.result as ScoreResult),
      amendedByAppeal: {
        appealId: version.appeal_id,
        version: version.version,
        publishedAt: version.published_at.toISOString(),
      },
    };
  }
  return changed ?? products;
}
