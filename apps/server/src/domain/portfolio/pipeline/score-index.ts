import { PORTFOLIO_PRODUCTS, type PortfolioProduct } from '@zview/contracts';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { hazardAt } from '../../hazard/climatology.js';
import type { HazardProfile, PropertyFeatures } from '../../property/features.js';
import { isoDate } from '../../property/load.js';
import { loadPropertyFeaturesMany } from '../../property/load-many.js';
import { RISK_MODELS } from '../../risk/index.js';
import { buildContext, riskLevelFor, scoreInstant, scoreNumbers, type RiskModelDefinition } from '../../risk/model.js';
import {
  analyzePlacementBuilds,
  analyzeScoreIndex,
  factorContributions,
  factorNames,
  type ScoreIndexRow,
} from '../../../db/score-index-parts.js';
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

const BUILD_COLUMNS = ['id', 'product', 'model_version', 'as_of', 'world_revision', 'completed_at'] as const;

export async function findBuild(db: Db, id: number): Promise<IndexBuild> {
  return toBuild(
    await db.selectFrom('score_index_builds').select(BUILD_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow(),
  );
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
  const existing = await db
    .selectFrom('score_index_builds')
    .select(BUILD_COLUMNS)
    .where('product', '=', product)
    .where('model_version', '=', modelVersion)
    .where('world_revision', '=', revision)
    .orderBy(sql`completed_at IS NULL`)
    .orderBy('as_of', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (existing) return toBuild(existing);
  await db
    .insertInto('score_index_builds')
    .values({ product, model_version: modelVersion, as_of: today, world_revision: revision })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return toBuild(
    await db
      .selectFrom('score_index_builds')
      .select(BUILD_COLUMNS)
      .where('product', '=', product)
      .where('model_version', '=', modelVersion)
      .where('world_revision', '=', revision)
      .where(sql<boolean>`as_of = ${today}::date`)
      .executeTakeFirstOrThrow(),
  );
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
    const points = await db
      .selectFrom('properties')
      .select(['id', 'lat', 'lng'])
      .where(sql<boolean>`id = any(${[...features.keys()]}::text[])`)
      .execute();
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
  // Builds locked for the statement and rows of a build that is gone not written: the foreign
  // key's guarantee, once per statement (migration 0840; see copyIntoScoreIndex).
  const { rows: inserted } = await sql<{ n: number }>`
    WITH live AS (SELECT id FROM score_index_builds WHERE id = ANY(${builds.map((b) => b.id)}::int[]) FOR KEY SHARE),
    ins AS (
      INSERT INTO score_index (build_id, property_id, score, risk_level, confidence, problem, top_factor_names, top_factor_contributions)
      SELECT u.build_id, u.property_id, u.score, u.risk_level, u.confidence, u.problem, u.names, u.contributions::float8[]
      FROM unnest(${rows.map((r) => r.build)}::int[], ${rows.map((r) => r.property)}::text[], ${rows.map((r) => r.score)}::float8[],
        ${rows.map((r) => r.riskLevel)}::text[], ${rows.map((r) => r.confidence)}::float8[], ${rows.map((r) => r.problem)}::text[],
        ${rows.map((r) => factorNames(r.topFactors))}::text[], ${rows.map((r) => factorContributions(r.topFactors))}::text[])
        AS u(build_id, property_id, score, risk_level, confidence, problem, names, contributions)
      WHERE u.build_id IN (SELECT id FROM live)
      ON CONFLICT DO NOTHING RETURNING 1)
    SELECT count(*)::int AS n FROM ins`.execute(db);
  return inserted[0]?.n ?? 0;
}

/** Advisory lock key of the background build (one builder at a time across processes). */
const BUILD_LOCK = 0x5a5649; // 'ZVI'

/**
 * Parcels by grid cell for the current world revision (placement of a chunk's points in SQL),
 * built once per revision in one transaction; cells of older revisions are removed after.
 */
export async function ensurePlacementCells(db: Db): Promise<{ revision: string; built: boolean }> {
  const revision = await worldRevision(db);
  const done = await db
    .selectFrom('placement_builds')
    .select('world_revision')
    .where('world_revision', '=', revision)
    .executeTakeFirst();
  if (done) return { revision, built: false };
  const built = await db.transaction().execute(async (trx) => {
    const { rows: lock } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(${BUILD_LOCK}, 1) AS ok`.execute(
      trx,
    );
    if (!lock[0]?.ok) return false;
    if (
      await trx
        .selectFrom('placement_builds')
        .select('world_revision')
        .where('world_revision', '=', revision)
        .executeTakeFirst()
    )
      return false;
    // Each parcel in every cell its bounding box touches, in cell order (appends to the index).
    // OFFSET 0 keeps the polygon computed once per property (not once per use after pull-up).
    const { numAffectedRows } = await sql`
      INSERT INTO placement_cells (world_revision, cell, property_id, parcel)
      SELECT ${revision}::bigint, la * 1000000 + lo, p.id, p.poly
      FROM (SELECT id, poly, box(poly) AS b FROM (SELECT id, zview_simple_parcel(parcel) AS poly FROM properties OFFSET 0) s WHERE poly IS NOT NULL OFFSET 0) p
      CROSS JOIN LATERAL generate_series(floor(((p.b)[1])[1] / 0.001)::bigint, floor(((p.b)[0])[1] / 0.001)::bigint) la
      CROSS JOIN LATERAL generate_series(floor((((p.b)[1])[0] + 180) / 0.001)::bigint, floor((((p.b)[0])[0] + 180) / 0.001)::bigint) lo
      ORDER BY 2`.execute(trx);
    await trx
      .insertInto('placement_builds')
      .values({ world_revision: revision, cell_count: Number(numAffectedRows ?? 0) })
      .execute();
    return true;
  });
  if (built) {
    await sql`DELETE FROM placement_cells WHERE world_revision <> ${revision}::bigint`.execute(db);
    await sql`DELETE FROM placement_builds WHERE world_revision <> ${revision}::bigint`.execute(db);
    await sql`VACUUM ANALYZE placement_cells`.execute(db).catch(() => {});
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
      const { rows: lock } = await sql<{
        ok: boolean;
      }>`SELECT pg_try_advisory_xact_lock(${BUILD_LOCK}, 2) AS ok`.execute(trx);
      if (!lock[0]?.ok) return false;
      // The page after the least advanced cursor (builds opened together advance together).
      const cursors = await trx
        .selectFrom('score_index_builds')
        .select('built_through')
        .where(
          'id',
          'in',
          builds.map((b) => b.id),
        )
        .execute();
      const from = cursors.map((c) => c.built_through ?? '').sort()[0] ?? '';
      const page = await trx
        .selectFrom('properties')
        .select('id')
        .where('id', '>', from)
        .orderBy('id')
        .limit(pageSize)
        .execute();
      if (!page.length) {
        await trx
          .updateTable('score_index_builds')
          .set({ completed_at: new Date() })
          .where(
            'id',
            'in',
            builds.map((b) => b.id),
          )
          .execute();
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
      await trx
        .updateTable('score_index_builds')
        .set({ built_through: last, property_count: sql`property_count + ${page.length}::int` })
        .where(
          'id',
          'in',
          builds.map((b) => b.id),
        )
        .where((eb) => eb.or([eb('built_through', 'is', null), eb('built_through', '<', last)]))
        .execute();
      return true;
    });
    if (!progressed) return true;
  }
}

/** Builds superseded on the same product (older world revision or model version) are dropped once a current one is complete. */
export async function removeStaleBuilds(db: Db, models: PortfolioModels) {
  const revision = await worldRevision(db);
  for (const product of PORTFOLIO_PRODUCTS) {
    const current = await db
      .selectFrom('score_index_builds')
      .select(['id', 'as_of'])
      .where('product', '=', product)
      .where('model_version', '=', models[product].modelVersion)
      .where('world_revision', '=', revision)
      .where('completed_at', 'is not', null)
      .orderBy('as_of', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!current) continue;
    // Not one a run is still scoring with (its chunks read it).
    await db
      .deleteFrom('score_index_builds')
      .where('product', '=', product)
      .where('id', '<>', current.id)
      .where(
        'id',
        'not in',
        db
          .selectFrom('portfolio_runs')
          .select(sql<number>`score_build_id`.as('id'))
          .where('completed_at', 'is', null)
          .where('score_build_id', 'is not', null),
      )
      .execute();
  }
}
