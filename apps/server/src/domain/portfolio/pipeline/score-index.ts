import { PORTFOLIO_PRODUCTS, type PortfolioProduct } from '@zview/contracts';
import type { Db } from '../../../db/database.js';
import {
  advanceScoreBuilds,
  completeScoreBuilds,
  deleteOtherScoreBuilds,
  insertPlacementCells,
  insertScoreBuildIfAbsent,
  insertScoreIndexRows,
  latestCompleteScoreBuild,
  placementBuilt,
  preferredScoreBuildRow,
  propertyIdsAfter,
  propertyPoints,
  removeOtherPlacementRevisions,
  scoreBuildCursors,
  scoreBuildRow,
  scoreBuildRowAsOf,
  tryTransactionLock,
} from '../../../db/score-index-builds.js';
import { hazardAt } from '../../hazard/climatology.js';
import type { HazardProfile, PropertyFeatures } from '../../property/features.js';
import { isoDate } from '../../property/load.js';
import { loadPropertyFeaturesMany } from '../../property/load-many.js';
import { RISK_MODELS } from '../../risk/index.js';
import { buildContext, riskLevelFor, scoreInstant, scoreNumbers, type RiskModelDefinition } from '../../risk/model.js';
import { analyzePlacementBuilds, analyzeScoreIndex, type ScoreIndexRow } from '../../../db/score-index-parts.js';
import type { ScoreFactor } from './seams.js';
import { worldRevision } from '../../../db/world-revision.js';

/**
 * The score index: the score of every property of the world per portfolio product, model
 * version and as-of date, computed ahead of time (as property-risk vendors precompute scores
 * nationwide), so a portfolio run joins its placed rows to it in SQL instead of loading features
 * and scoring row by row. A build is tied to the world revision it was computed from (migration
 * 0330 bumps the revision on every change of properties, buildings, permits or captures); a run
 * records its build, whose as-of date is the run's data date. Properties a build lacks (while it
 * is still being filled, or a model version nobody built yet) are scored by the chunk through the
 * same function (`indexedScore`) and added, so index and per-row scores never differ.
 */

export type PortfolioModels = Record<PortfolioProduct, RiskModelDefinition>;
export const PRODUCTION_MODELS: PortfolioModels = Object.fromEntries(
  PORTFOLIO_PRODUCTS.map((p) => [p, RISK_MODELS[p]]),
) as PortfolioModels;

const TOP_FACTORS = 3;
export const UNSCORABLE = 'This property could not be scored.';

export interface IndexedScore {
  score: number | null;
  riskLevel: 'low' | 'medium' | 'high' | 'none';
  confidence: number | null;
  topFactors: ScoreFactor[];
  /** Why the model gives no score, in plain words; null when scored. */
  problem: string | null;
}

/**
 * A property's portfolio score: the model on its features and the hazard at its own point; the top
 * 3 factors by |contribution| (model order among equals). The same numbers as scoreWith's result
 * (test/portfolio/score-index.test.ts compares them), without its factor details and extras: this
 * runs five times per property of a world when the index is built.
 */
export function indexedScore(
  model: RiskModelDefinition,
  features: PropertyFeatures,
  hazard: HazardProfile,
  asOf: Date,
): IndexedScore {
  const result = scoreNumbers(model, buildContext(features, hazard, asOf, false));
  if (result.score === null)
    return { score: null, riskLevel: 'none', confidence: null, topFactors: [], problem: result.reason || UNSCORABLE };
  const c = result.contributions;
  const order = c.map((_, i) => i).sort((a, b) => Math.abs(c[b]!) - Math.abs(c[a]!));
  return {
    score: result.score,
    riskLevel: riskLevelFor(result.score),
    confidence: result.confidence,
    topFactors: order.slice(0, TOP_FACTORS).map((i) => ({ name: model.factors[i]!.name, contribution: c[i]! })),
    problem: null,
  };
}

/**
 * A property's score with every factor's contribution (model order), not only the top three: a
 * monitored row's change lists the factors that moved between its old and new score, and a small
 * factor (roof age on Z-HAIL) moves as surely as a large one. Unscored: no factors.
 */
export function scoreWithAllFactors(
  model: RiskModelDefinition,
  features: PropertyFeatures,
  hazard: HazardProfile,
  asOf: Date,
): { score: number | null; riskLevel: IndexedScore['riskLevel']; factors: ScoreFactor[] } {
  const result = scoreNumbers(model, buildContext(features, hazard, asOf, false));
  if (result.score === null) return { score: null, riskLevel: 'none', factors: [] };
  return {
    score: result.score,
    riskLevel: riskLevelFor(result.score),
    factors: result.contributions.map((c, i) => ({ name: model.factors[i]!.name, contribution: c })),
  };
}

/** The as-of instant of a build date (scores are computed as of midday UTC of that day). */
export const asOfInstant = scoreInstant;

export interface IndexBuild {
  id: number;
  product: PortfolioProduct;
  modelVersion: string;
  asOf: string;
  worldRevision: string;
  completed: boolean;
}

function toBuild(row: {
  id: number;
  product: string;
  model_version: string;
  as_of: Date;
  world_revision: string;
  completed_at: Date | null;
}): IndexBuild {
  return {
    id: row.id,
    product: row.product as PortfolioProduct,
    modelVersion: row.model_version,
    asOf: isoDate(row.as_of),
    worldRevision: String(row.world_revision),
    completed: row.completed_at !== null,
  };
}

export async function findBuild(db: Db, id: number): Promise<IndexBuild> {
  return toBuild(await scoreBuildRow(db, id));
}

/**
 * The build a new run of `product` scores with: the latest complete one of this model version on
 * the current world, else one being filled, else a new (empty) one as of `today`, which the
 * background build fills and the run's chunks complete for their own properties.
 */
export async function buildForRun(
  db: Db,
  product: PortfolioProduct,
  modelVersion: string,
  today: string,
): Promise<IndexBuild> {
  const revision = await worldRevision(db);
  const existing = await preferredScoreBuildRow(db, product, modelVersion, revision);
  if (existing) return toBuild(existing);
  await insertScoreBuildIfAbsent(db, { product, modelVersion, asOf: today, revision });
  return toBuild(await scoreBuildRowAsOf(db, product, modelVersion, revision, today));
}

/** The index rows of `propertyIds` for each build: the model's score as of each build's date. */
export async function scoreIndexRows(
  db: Db,
  builds: readonly IndexBuild[],
  models: PortfolioModels,
  propertyIds: readonly string[],
): Promise<ScoreIndexRow[]> {
  const rows: ScoreIndexRow[] = [];
  if (!builds.length || !propertyIds.length) return rows;
  const byDate = new Map<string, IndexBuild[]>();
  for (const build of builds) byDate.set(build.asOf, [...(byDate.get(build.asOf) ?? []), build]);
  for (const [asOf, sameDate] of byDate) {
    const features = await loadPropertyFeaturesMany(db, propertyIds, asOf);
    const points = await propertyPoints(db, [...features.keys()]);
    const when = asOfInstant(asOf);
    for (const [i, point] of points.entries()) {
      const hazard = hazardAt(point.lat, point.lng);
      const f = features.get(point.id)!;
      for (const build of sameDate) {
        const score = indexedScore(models[build.product], f, hazard, when);
        rows.push({
          build: build.id,
          property: point.id,
          score: score.score,
          riskLevel: score.riskLevel,
          confidence: score.confidence,
          topFactors: score.topFactors,
          problem: score.problem,
        });
      }
      // Long pages: let other work on this event loop run now and then.
      if (i % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return rows;
}

/** Scores `propertyIds` for each build and adds the rows the builds lack (idempotent: existing rows stay). */
export async function addToIndex(
  db: Db,
  builds: readonly IndexBuild[],
  models: PortfolioModels,
  propertyIds: readonly string[],
): Promise<number> {
  const rows = await scoreIndexRows(db, builds, models, propertyIds);
  if (!rows.length) return 0;
  return insertScoreIndexRows(
    db,
    builds.map((b) => b.id),
    rows,
  );
}

/** Advisory lock key of the background build (one builder at a time across processes). */
const BUILD_LOCK = 0x5a5649; // 'ZVI'

/**
 * Parcels by grid cell for the current world revision (placement of a chunk's points in SQL),
 * built once per revision in one transaction; cells of older revisions are removed after.
 */
export async function ensurePlacementCells(db: Db): Promise<{ revision: string; built: boolean }> {
  const revision = await worldRevision(db);
  if (await placementBuilt(db, revision)) return { revision, built: false };
  const built = await db.transaction().execute(async (trx) => {
    if (!(await tryTransactionLock(trx, BUILD_LOCK, 1))) return false;
    if (await placementBuilt(trx, revision)) return false;
    await insertPlacementCells(trx, revision);
    return true;
  });
  if (built) {
    await removeOtherPlacementRevisions(db, revision);
    await analyzePlacementBuilds(db);
  }
  return { revision, built };
}

/** Builds of the current world and model versions not filled yet (created as of `today` when missing). */
export async function openBuilds(db: Db, models: PortfolioModels, today: string): Promise<IndexBuild[]> {
  const builds = await Promise.all(
    PORTFOLIO_PRODUCTS.map((product) => buildForRun(db, product, models[product].modelVersion, today)),
  );
  return builds.filter((b) => !b.completed);
}

/**
 * One step of the background build: placement cells, then pages of properties (in id order,
 * resumable from each build's cursor) scored for every open build at once, until `budgetMs` is
 * spent. Returns true when everything is built. Another builder holding the lock → false at once.
 */
export async function buildScoreIndexStep(
  db: Db,
  options: { models?: PortfolioModels; today?: string; pageSize?: number; budgetMs?: number } = {},
): Promise<boolean> {
  const models = options.models ?? PRODUCTION_MODELS;
  const today = options.today ?? isoDate(new Date());
  const pageSize = options.pageSize ?? 5_000;
  const deadline = performance.now() + (options.budgetMs ?? 60_000);
  await ensurePlacementCells(db);
  let completed = false;
  for (;;) {
    const builds = await openBuilds(db, models, today);
    if (!builds.length) {
      await removeStaleBuilds(db, models);
      if (completed) await analyzeScoreIndex(db);
      return true;
    }
    if (performance.now() > deadline) return false;
    // One builder at a time (another process's worker may be at it): each page is a transaction
    // holding the lock; a builder that cannot take it leaves the work to the one that has it.
    const progressed = await db.transaction().execute(async (trx) => {
      if (!(await tryTransactionLock(trx, BUILD_LOCK, 2))) return false;
      const buildIds = builds.map((b) => b.id);
      // The page after the least advanced cursor (builds opened together advance together).
      const cursors = await scoreBuildCursors(trx, buildIds);
      const from = cursors.map((c) => c.built_through ?? '').sort()[0] ?? '';
      const page = await propertyIdsAfter(trx, from, pageSize);
      if (!page.length) {
        await completeScoreBuilds(trx, buildIds);
        completed = true;
        return true;
      }
      const last = page[page.length - 1]!.id;
      await addToIndex(
        trx,
        builds,
        models,
        page.map((p) => p.id),
      );
      await advanceScoreBuilds(trx, buildIds, last, page.length);
      return true;
    });
    if (!progressed) return true;
  }
}

/** Builds superseded on the same product (older world revision or model version) are dropped once a current one is complete. */
export async function removeStaleBuilds(db: Db, models: PortfolioModels) {
  const revision = await worldRevision(db);
  for (const product of PORTFOLIO_PRODUCTS) {
    const current = await latestCompleteScoreBuild(db, product, models[product].modelVersion, revision);
    if (!current) continue;
    await deleteOtherScoreBuilds(db, product, current.id);
  }
}
