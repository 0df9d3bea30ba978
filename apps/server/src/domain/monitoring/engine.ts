import { PORTFOLIO_PRODUCTS, type PortfolioProduct } from '@zview/contracts';
import type { Db } from '../../db/database.js';
import type { ManualInputs, ProductKey } from '@zview/contracts';
import {
  addChangeCounts,
  affectedPropertiesPage,
  appealVersionsOfProperties,
  changesAppliedAfter,
  applyScores,
  findAppealVersion,
  lastChangeBeforeRun,
  lockNextPendingChange,
  markChangeProcessed,
  rebaseMonitoredProduct,
  staleMonitoredProducts,
  tryApplierLock,
  type AffectedProperty,
  type JoinedRows,
  type NewScore,
  type RecordedChange,
  type WorldChange,
} from '../../db/monitoring.js';
import { propertyInputsAt } from '../appeals/amendments.js';
import { applyManualInputs, inputsFor } from '../appeals/features.js';
import { hazardAt } from '../hazard/climatology.js';
import { isoDate } from '../property/load.js';
import { loadPropertyFeaturesMany } from '../property/load-many.js';
import { scoredRowsAllCopied, startPlacing, stopPlacing } from '../../db/monitored-rows-placement.js';
import { featuresAtChange, featuresBefore } from './features-before.js';
import {
  asOfInstant,
  PRODUCTION_MODELS,
  scoreWithAllFactors,
  type PortfolioModels,
} from '../portfolio/pipeline/score-index.js';

/**
 * The monitoring engine (issue 41): applies world changes to monitored books, oldest first. A
 * change names a place (a capture's area) or properties (a permit, a correction, an appeal); the
 * monitored rows on those properties are found set-wise in SQL a page at a time, the properties
 * re-scored once each with the risk models (or take the appeal's published version), and the rows
 * whose score or level moved are updated and recorded with their cause in one statement per page.
 * Untouched rows are never read.
 */

export interface ApplyOptions {
  models?: PortfolioModels;
  /** Properties per page (one scoring and one statement each). */
  pageSize?: number;
  /** When the changes are recorded (the seed of a demo history passes dates in the past). */
  changedAt?: Date;
  /** Called with each page's recorded changes, inside its transaction (alerts are queued there). */
  onChanges?: (changes: RecordedChange[], change: WorldChange, trx: Parameters<typeof applyScores>[0]) => Promise<void>;
}

export interface AppliedChange {
  id: string;
  cause: string;
  affectedRows: number;
  changedRows: number;
}

const isPortfolioProduct = (p: string): p is PortfolioProduct => (PORTFOLIO_PRODUCTS as readonly string[]).includes(p);

/** The new scores of a page of properties under a model-driven change (capture, model, permit, correction). */
async function modelScores(
  db: Db,
  change: WorldChange,
  page: readonly AffectedProperty[],
  asOfDate: string,
  models: PortfolioModels,
): Promise<NewScore[]> {
  const ids = page.map((p) => p.property_id);
  const features = await featuresAtChange(db, change, await loadPropertyFeaturesMany(db, ids, asOfDate));
  const before = await featuresBefore(db, change, ids, asOfDate, features);
  const asOf = asOfInstant(asOfDate);
  const scores: NewScore[] = [];
  for (const property of page) {
    const f = features.get(property.property_id);
    if (!f) continue;
    const hazard = hazardAt(property.lat, property.lng);
    const b = before?.get(property.property_id);
    for (const product of property.products) {
      if (!isPortfolioProduct(product)) continue;
      const model = models[product];
      const scored = scoreWithAllFactors(model, f, hazard, asOf);
      scores.push({
        propertyId: property.property_id,
        product,
        organizationId: null,
        score: scored.score,
        riskLevel: scored.riskLevel,
        factors: scored.factors,
        before: b ? scoreWithAllFactors(model, b, hazard, asOf).factors : null,
        modelVersion: model.modelVersion,
      });
    }
  }
  return [...scores, ...(await appealedScores(db, change, page, features, asOfDate, models))];
}

/**
 * Rows of an organisation that published an appeal of the property and product keep the appeal's
 * outcome (what its lookups show) through captures, permits, corrections and model releases —
 * unless the change moved a feature the appeal set (a capture shows the roof the appeal described
 * replaced, recorded in the change's moved_features): the newer evidence wins for that feature and
 * the row is re-scored for that organisation, the appeal's other inputs still applied. A change
 * that does not say what it moved (an imported capture, a permit) leaves appealed rows alone.
 */
async function appealedScores(
  db: Db,
  change: WorldChange,
  page: readonly AffectedProperty[],
  features: ReadonlyMap<string, Parameters<typeof applyManualInputs>[1]>,
  asOfDate: string,
  models: PortfolioModels,
): Promise<NewScore[]> {
  const movedByProperty = change.moved_features;
  if (!movedByProperty) return [];
  const versions = await appealVersionsOfProperties(
    db,
    page.map((p) => p.property_id).filter((id) => movedByProperty[id]?.length),
  );
  const groups = new Map<string, typeof versions>();
  for (const v of versions) {
    const key = `${v.organization_id}|${v.property_id}`;
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  const byId = new Map(page.map((p) => [p.property_id, p]));
  const asOf = asOfInstant(asOfDate);
  const now = Date.now();
  const scores: NewScore[] = [];
  for (const group of groups.values()) {
    const { organization_id: organizationId, property_id: propertyId } = group[0]!;
    const property = byId.get(propertyId);
    const is = features.get(propertyId);
    if (!property || !is) continue;
    const moved = new Set(movedByProperty[propertyId]);
    const inputs = propertyInputsAt(group, now);
    for (const product of new Set(group.map((v) => v.product))) {
      if (!isPortfolioProduct(product) || !property.products.includes(product)) continue;
      const own = Object.entries(inputsFor(product as ProductKey, inputs));
      if (!own.some(([key]) => moved.has(key))) continue; // the appeal's outcome stands: the row is left as it is
      const kept: ManualInputs = Object.fromEntries(own.filter(([key]) => !moved.has(key)));
      const model = models[product];
      const hazard = hazardAt(property.lat, property.lng);
      const scored = scoreWithAllFactors(model, applyManualInputs(product as ProductKey, is, kept), hazard, asOf);
      // Before: the appeal's outcome the row held (every input it set, on the same features).
      const held = scoreWithAllFactors(
        model,
        applyManualInputs(product as ProductKey, is, Object.fromEntries(own)),
        hazard,
        asOf,
      );
      scores.push({
        propertyId,
        product,
        organizationId,
        score: scored.score,
        riskLevel: scored.riskLevel,
        factors: scored.factors,
        before: held.factors,
        modelVersion: model.modelVersion,
      });
    }
  }
  return scores;
}

interface PublishedResult {
  score: number | null;
  riskLevel: string;
  modelVersion: string;
  factors?: { name: string; contribution: number }[];
}

const allFactors = (result: PublishedResult) =>
  (result.factors ?? []).map((f) => ({ name: f.name, contribution: f.contribution }));

/**
 * The new score of an appeal's change: the version the organisation published. Its factors before:
 * the organisation's previous published version, else the model's own score of the property (what
 * its lookups showed before the appeal), as of the change's date.
 */
async function appealScores(
  db: Db,
  change: WorldChange,
  page: readonly AffectedProperty[],
  asOfDate: string,
  models: PortfolioModels,
): Promise<NewScore[]> {
  const versionId = Number(change.cause_id.split(':')[1]);
  const version = Number.isInteger(versionId) ? await findAppealVersion(db, versionId) : undefined;
  if (!version) return [];
  const result = version.result as PublishedResult;
  const previous = (await appealVersionsOfProperties(db, [version.property_id]))
    .filter(
      (v) =>
        v.organization_id === version.organization_id &&
        v.product === version.product &&
        v.published_at < version.published_at,
    )
    .at(-1);
  let before: NewScore['before'] = previous ? allFactors(previous.result as PublishedResult) : null;
  const property = page.find((p) => p.property_id === version.property_id);
  if (!before && property && isPortfolioProduct(version.product)) {
    const features = (await loadPropertyFeaturesMany(db, [property.property_id], asOfDate)).get(property.property_id);
    if (features)
      before = scoreWithAllFactors(
        models[version.product],
        features,
        hazardAt(property.lat, property.lng),
        asOfInstant(asOfDate),
      ).factors;
  }
  return [
    {
      propertyId: version.property_id,
      product: version.product,
      organizationId: version.organization_id,
      score: result.score,
      riskLevel: result.riskLevel,
      factors: allFactors(result),
      before,
      modelVersion: `${result.modelVersion} (appeal ${version.appeal_id})`,
    },
  ];
}

/**
 * Applies one world change to the monitored rows in its scope (or, `only`, to rows that joined a
 * book after it was applied), a page of properties at a time, its score changes recorded at
 * `changedAt` (and scored as of that day, but a capture as of its own date). Returns the rows it
 * reached and changed.
 */
async function applyChange(
  trx: Parameters<typeof applyScores>[0],
  change: WorldChange,
  changedAt: Date,
  options: ApplyOptions,
  only?: JoinedRows,
): Promise<{ affected: number; changed: number }> {
  const models = options.models ?? PRODUCTION_MODELS;
  const pageSize = options.pageSize ?? 2_000;
  const asOfDate = isoDate(change.cause === 'capture' ? change.occurred_on : changedAt);
  let affected = 0;
  let changed = 0;
  for (let after = ''; ;) {
    const page = await affectedPropertiesPage(trx, change, after, pageSize, only);
    if (!page.length) break;
    affected += page.reduce((n, p) => n + p.rows, 0);
    const scores =
      change.cause === 'appeal'
        ? await appealScores(trx, change, page, asOfDate, models)
        : await modelScores(trx, change, page, asOfDate, models);
    const recorded = await applyScores(trx, change, scores, changedAt, only);
    changed += recorded.length;
    if (recorded.length) await options.onChanges?.(recorded, change, trx);
    // An appeal names one property: its first page is all of it.
    if (change.cause === 'appeal' || page.length < pageSize) break;
    after = page.at(-1)!.property_id;
  }
  return { affected, changed };
}

/**
 * Applies the oldest pending world change, if any, in one transaction (the change row is locked,
 * SKIP LOCKED: two workers never apply the same change; the next waits for its turn by order).
 */
export async function applyNextChange(db: Db, options: ApplyOptions = {}): Promise<AppliedChange | null> {
  return db.transaction().execute(async (trx) => {
    const change = await lockNextPendingChange(trx);
    if (!change) return null;
    const changedAt = options.changedAt ?? new Date();
    const { affected, changed } = await applyChange(trx, change, changedAt, options);
    await markChangeProcessed(trx, change.id, { affected, changed }, changedAt);
    return { id: change.id, cause: change.cause, affectedRows: affected, changedRows: changed };
  });
}

/**
 * Rows that joined a book after world changes were applied (placed by the worker while the
 * changes went on: book-rows.ts) are given each change applied since `changesAfter`, in order, as
 * if they had been in the book then: scored as of the same day and recorded at the instant the
 * change was applied to the rest of the book (its processed_at, the changed_at of its other score
 * changes), not at the placing's, so the book's changes read in the world's order and a date range
 * finds them where their twins are. The caller holds the applier's lock, so no change is being
 * applied meanwhile and each reaches each row once. Their counts are added to the changes'.
 */
export async function replayChangesForJoinedRows(
  trx: Parameters<typeof applyScores>[0],
  rows: JoinedRows,
  changesAfter: string,
  options: ApplyOptions = {},
): Promise<number> {
  if (rows.rowNumbers?.length === 0) return 0;
  let changed = 0;
  for (const change of await changesAppliedAfter(trx, changesAfter)) {
    const counts = await applyChange(trx, change, change.processed_at ?? new Date(), options, rows);
    if (counts.affected) await addChangeCounts(trx, change.id, counts);
    changed += counts.changed;
  }
  return changed;
}

/**
 * What follows a book's copy from its run (switched on, or rebased on a rerun), in the copy's
 * transaction, the applier's lock held:
 * - the copied rows take the world changes applied since the run began, in order and dated as the
 *   other books took them (a capture applied between the run and the switch-on no longer leaves
 *   the book on the run's scores for good; a change the run's world already held moves no score
 *   and records nothing; no alerts: those changes happened before the book was watched);
 * - the rows SQL could not place, if the copy left any (`copiedWithScore` against the run's
 *   summaries), are left to the worker's placing, which gives them the same changes.
 * Returns whether the book is placing (the caller queues the job).
 */
export async function settleCopiedBook(
  trx: Parameters<typeof applyScores>[0],
  book: { portfolioId: number; product: string; runId: number },
  copiedWithScore: number,
): Promise<boolean> {
  const changesAfter = await lastChangeBeforeRun(trx, book.runId);
  await replayChangesForJoinedRows(trx, { portfolioId: book.portfolioId, product: book.product }, changesAfter);
  if (await scoredRowsAllCopied(trx, book.runId, copiedWithScore)) {
    await stopPlacing(trx, book);
    return false;
  }
  await startPlacing(trx, { ...book, changesAfter });
  return true;
}

/** Applies every pending change, oldest first. */
export async function applyPendingChanges(db: Db, options: ApplyOptions = {}): Promise<AppliedChange[]> {
  const applied: AppliedChange[] = [];
  for (;;) {
    const next = await applyNextChange(db, options);
    if (!next) return applied;
    applied.push(next);
  }
}

/**
 * A whole-book rerun of a monitored product (a new model version, by hand) becomes the book's new
 * base: its results are copied into the monitored rows, which later changes start from, and the
 * rows SQL cannot place are left to the worker's placing (book-rows.ts). Returns the products
 * rebased (the caller queues their placing).
 */
export async function rebaseAfterReruns(db: Db): Promise<{ portfolioId: number; product: string }[]> {
  const placing: { portfolioId: number; product: string }[] = [];
  for (const s of await staleMonitoredProducts(db))
    await db.transaction().execute(async (trx) => {
      // Not while a change is being applied (it would reach some of the copied rows only): the
      // next step rebases it.
      if (!(await tryApplierLock(trx))) return;
      const book = { portfolioId: s.portfolio_id, product: s.product, runId: s.run_id };
      const copiedWithScore = await rebaseMonitoredProduct(trx, s.portfolio_id, s.product, s.run_id);
      if (await settleCopiedBook(trx, book, copiedWithScore))
        placing.push({ portfolioId: s.portfolio_id, product: s.product });
    });
  return placing;
}
