import { isValidCell } from 'h3-js';
import {
  ERROR_CODES,
  SCORE_BANDS,
  SCORE_MIN,
  type AccumulationGrouping,
  type AccumulationPage,
  type Dashboard,
  type Hexagons,
  type Ring,
  type RingRows,
} from '@zview/contracts';
import type { Actor } from '../../../auth/actor.js';
import type { Db } from '../../../db/database.js';
import {
  accumulationAreas,
  accumulationBuilt,
  buildAccumulations,
  ringBlocks,
  ringFigures,
  ringRows,
  scoreBands,
  storedRings,
  storeRings,
  topAreas,
  type AreaRow,
} from '../../../db/portfolio-exposure.js';
import type { StoredRing } from '../../../db/tables/portfolio-analysis.js';
import { findRunOf, productsOf } from '../../../db/portfolios.js';
import { findChunkRun } from '../../../db/portfolio-runs.js';
import { AppError, conflict, notFound } from '../../app-error.js';
import { ownPortfolio, ownProduct, PORTFOLIO_NOT_FOUND } from '../access.js';
import { ensureExposure } from './exposure.js';
import type { RingRadius } from './ring-cells.js';
import { renderOffLoop } from '../../off-loop/pool.js';
import type { AggregateFormat } from './export.js';

/**
 * Accumulation and concentration of a portfolio's insured value (issue 43): areas, rings and the
 * book dashboard. Each answer is read from the portfolio's exposure and its run's aggregates and
 * rings, built by the worker when the run completes (prepareAnalysis; jobs/portfolio-analysis-jobs.ts)
 * or, for a run completed before that job existed, on first use; then kept.
 */
export const notScoredYet = (product: string) =>
  `This portfolio's ${product} results are not ready yet. Accumulation is available once scoring has finished.`;

interface ScoredProduct {
  portfolioId: number;
  runId: number;
  hasValue: boolean;
}

/** The rings kept per run and radius: a request's `limit` (≤ 100) takes the first of them. */
export const KEPT_RINGS = 100;
const RING_RADII: readonly RingRadius[] = [1000, 250];

/**
 * A build of the run's analysis; when it fails because the run went meanwhile (its portfolio or
 * product deleted while the worker or a request built: a foreign key, a dropped partition), a 404
 * (PORTFOLIO_NOT_FOUND) instead of the database's error, so a request answers 404 rather than 500
 * and the worker gives up quietly (issue 43 item 4). Any other failure is the failure.
 */
async function whileRunExists<T>(db: Db, runId: number, build: () => Promise<T>): Promise<T> {
  try {
    return await build();
  } catch (error) {
    if (!(error instanceof AppError) && !(await findChunkRun(db, runId))) throw notFound(PORTFOLIO_NOT_FOUND);
    throw error;
  }
}

/** Whether an error says the analysed run is gone (whileRunExists). */
export const isRunGone = (error: unknown) => error instanceof AppError && error.code === ERROR_CODES.notFound;

/** The run's exposure and aggregates, built if they are not yet (each build is idempotent and locked). */
async function preparedRun(db: Db, portfolioId: number, runId: number): Promise<ScoredProduct> {
  return whileRunExists(db, runId, async () => {
    const exposure = await ensureExposure(db, portfolioId, runId);
    if (!(await accumulationBuilt(db, runId))) await buildAccumulations(db, portfolioId, runId);
    return { portfolioId, runId, hasValue: exposure.hasValue };
  });
}

/** The run's best KEPT_RINGS rings of `radius`: kept with its aggregates, found once. */
async function ringsOfRun(db: Db, scored: ScoredProduct, radius: RingRadius): Promise<StoredRing[]> {
  const kept = await storedRings(db, scored.runId, radius);
  if (kept) return kept;
  return whileRunExists(db, scored.runId, async () => {
    const found = await findRings(db, {
      portfolioId: scored.portfolioId,
      runId: scored.runId,
      radius,
      limit: KEPT_RINGS,
      byValue: scored.hasValue,
    });
    await storeRings(db, scored.runId, radius, found);
    return found;
  });
}

/**
 * Everything the analysis of a completed run reads (exposure, aggregates, rings), built in the
 * worker when the run completes, so the dashboard's first view reads rather than builds.
 */
export async function prepareAnalysis(db: Db, portfolioId: number, runId: number): Promise<void> {
  const scored = await preparedRun(db, portfolioId, runId);
  for (const radius of RING_RADII) await ringsOfRun(db, scored, radius);
}

/** The product's completed current run, its exposure and aggregates built; 404 for another organisation's. */
async function scoredProduct(db: Db, actor: Actor, id: number, product: string): Promise<ScoredProduct> {
  const { product: row } = await ownProduct(db, actor, id, product);
  const run = row.current_run_id === null ? undefined : await findRunOf(db, id, product, row.current_run_id);
  if (!run?.completed_at) throw conflict(notScoredYet(product));
  return preparedRun(db, id, run.id);
}

export async function accumulation(
  db: Db,
  actor: Actor,
  id: number,
  query: { product: string; by: AccumulationGrouping; page: number; itemsPerPage: number },
): Promise<AccumulationPage> {
  const scored = await scoredProduct(db, actor, id, query.product);
  const page = await accumulationAreas(db, scored.runId, query.by, {
    offset: (query.page - 1) * query.itemsPerPage,
    limit: query.itemsPerPage,
  });
  return {
    product: query.product,
    by: query.by,
    areas: page.areas,
    totalValue: page.totalValue,
    totalCount: page.totalCount,
    total: page.total,
    page: query.page,
    itemsPerPage: query.itemsPerPage,
  };
}

const EARTH_RADIUS_M = 6_371_008.8;
export function metresBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

/**
 * The rings of most value (most rows when the book has no value column), each centred at least a
 * radius from every better one, so the list names distinct concentrations rather than one cluster
 * seen from a dozen centres.
 */
export function distinctRings<T extends { latitude: number; longitude: number; value: number; count: number }>(
  candidates: readonly T[],
  radius: number,
  limit: number,
  byValue: boolean,
): T[] {
  const sorted = [...candidates].sort((a, b) =>
    byValue ? b.value - a.value || b.count - a.count : b.count - a.count || b.value - a.value,
  );
  const chosen: T[] = [];
  for (const ring of sorted) {
    if (chosen.length >= limit) break;
    if (chosen.some((other) => metresBetween(other, ring) < radius)) continue;
    chosen.push(ring);
  }
  return chosen;
}

/**
 * The `limit` rings of most value (rows when the book has no value): the best blocks of the ring
 * grid give centres (each block's weighted centre, then its middle cell's), a centre within half a
 * radius of a better one is dropped, twice `limit` are counted exactly, and the best distinct ones kept.
 */
export async function findRings(
  db: Db,
  input: { portfolioId: number; runId: number | null; radius: RingRadius; limit: number; byValue: boolean },
) {
  const blocks = await ringBlocks(db, {
    portfolioId: input.portfolioId,
    radius: input.radius,
    cells: Math.max(60, input.limit * 6),
    byValue: input.byValue,
  });
  const centres: { latitude: number; longitude: number }[] = [];
  for (const block of blocks) {
    const options = [{ latitude: block.latitude, longitude: block.longitude }];
    if (block.cellLatitude !== null && block.cellLongitude !== null)
      options.push({ latitude: block.cellLatitude, longitude: block.cellLongitude });
    for (const centre of options)
      if (!centres.some((other) => metresBetween(other, centre) < input.radius / 2)) centres.push(centre);
    if (centres.length >= input.limit * 2) break;
  }
  const figures = await ringFigures(db, {
    portfolioId: input.portfolioId,
    runId: input.runId,
    radius: input.radius,
    centres,
  });
  return distinctRings(figures, input.radius, input.limit, input.byValue);
}

export async function topRings(
  db: Db,
  actor: Actor,
  id: number,
  query: { product: string; radius: number; limit: number },
): Promise<{ product: string; radius: number; rings: Ring[] }> {
  const scored = await scoredProduct(db, actor, id, query.product);
  const found = (await ringsOfRun(db, scored, query.radius as RingRadius)).slice(0, query.limit);
  const rings = found.map((ring, index) => ({
    rank: index + 1,
    latitude: ring.latitude,
    longitude: ring.longitude,
    radius: query.radius,
    count: ring.count,
    value: ring.value,
    high: ring.high,
  }));
  return { product: query.product, radius: query.radius, rings };
}

export async function ringRowsOf(
  db: Db,
  actor: Actor,
  id: number,
  query: {
    product: string;
    latitude: number;
    longitude: number;
    radius: number;
    page: number;
    itemsPerPage: number;
  },
): Promise<RingRows> {
  const scored = await scoredProduct(db, actor, id, query.product);
  const { rows, total } = await ringRows(db, {
    portfolioId: id,
    runId: scored.runId,
    latitude: query.latitude,
    longitude: query.longitude,
    radius: query.radius,
    offset: (query.page - 1) * query.itemsPerPage,
    limit: query.itemsPerPage,
  });
  return {
    rows: rows.map((row) => ({
      rowNumber: row.row_number,
      ref: row.ref,
      address: row.address || null,
      latitude: row.latitude,
      longitude: row.longitude,
      value: row.value,
      score: row.score,
      riskLevel: row.risk_level,
    })),
    total,
    page: query.page,
    itemsPerPage: query.itemsPerPage,
  };
}

const LEVELS = ['low', 'medium', 'high', 'none'] as const;
/**
 * Hexagons the dashboard map draws per H3 resolution (the cells of most value): the map shows
 * resolution 5 zoomed out, 7 at a region, 9 at a neighbourhood, so no single cell covers the view.
 */
export const DASHBOARD_HEXAGONS: Readonly<Record<5 | 7 | 9, number>> = { 5: 1000, 7: 3000, 9: 2000 };

/** The map's hexagons (issue 43): the cells of most value of each resolution; 404/409 as the other reads. */
export async function hexagons(db: Db, actor: Actor, id: number, product: string): Promise<Hexagons> {
  const scored = await scoredProduct(db, actor, id, product);
  const limits = Object.fromEntries(Object.entries(DASHBOARD_HEXAGONS).map(([r, limit]) => [`h3_${r}`, limit]));
  const cells = await topAreas(db, scored.runId, limits);
  return {
    product,
    hasValue: scored.hasValue,
    hexagons: cells
      .filter((cell) => isValidCell(cell.key))
      .map((cell) => ({
        cell: cell.key,
        resolution: Number(cell.grouping.slice(3)),
        count: cell.count,
        value: cell.value,
      })),
  };
}

function levelTotals(areas: readonly AreaRow[]) {
  const totals = Object.fromEntries(LEVELS.map((level) => [level, { count: 0, value: 0 }])) as AreaRow['levels'];
  for (const area of areas)
    for (const level of LEVELS) {
      totals[level].count += area.levels[level].count;
      totals[level].value += area.levels[level].value;
    }
  return totals;
}

/** The book at a glance: per product its score bands and value by level (the map's hexagons: `hexagons`). */
export async function dashboard(db: Db, actor: Actor, id: number, only?: string): Promise<Dashboard> {
  const portfolio = await ownPortfolio(db, actor, id);
  const products = (await productsOf(db, id, only)).filter((p) => p.current_run_id !== null);
  const answer: Dashboard = {
    portfolioId: portfolio.id,
    totalCount: portfolio.row_count ?? 0,
    totalValue: 0,
    hasValue: false,
    products: [],
  };
  for (const product of products) {
    const run = await findRunOf(db, id, product.product, product.current_run_id!);
    if (!run?.completed_at) {
      answer.products.push({
        product: product.product,
        runId: null,
        scoreBands: [],
        levels: levelTotals([]),
      });
      continue;
    }
    const scored = await scoredProduct(db, actor, id, product.product);
    // Every located row is in exactly one state area: its levels are the book's.
    const states = await accumulationAreas(db, scored.runId, 'state', { offset: 0, limit: 100_000 });
    const bands = await scoreBands(db, scored.runId);
    const byBand = new Map<number, number>();
    for (const band of bands) byBand.set(Number(band.key), (byBand.get(Number(band.key)) ?? 0) + band.count);
    answer.products.push({
      product: product.product,
      runId: scored.runId,
      // Scores run from SCORE_MIN to SCORE_MAX (1–10): a band per point, the last one closed.
      scoreBands: Array.from({ length: SCORE_BANDS }, (_, k) => ({
        from: SCORE_MIN + k,
        to: SCORE_MIN + k + 1,
        count: byBand.get(k) ?? 0,
      })),
      levels: levelTotals(states.areas),
    });
    if (answer.products.filter((p) => p.runId !== null).length === 1) {
      answer.hasValue = scored.hasValue;
      answer.totalValue = states.totalValue;
    }
  }
  return answer;
}

/** Every area of a grouping as a CSV or XLSX file (checked first: a foreign portfolio is 404 before any byte). */
export async function accumulationFile(
  db: Db,
  actor: Actor,
  id: number,
  query: { product: string; by: AccumulationGrouping; format: AggregateFormat },
) {
  const scored = await scoredProduct(db, actor, id, query.product);
  return {
    fileName: `portfolio-${id}-${query.product}-accumulation-by-${query.by}.${query.format}`,
    format: query.format,
    // Rendered on a render thread (domain/off-loop): the API's thread only moves the bytes.
    stream: renderOffLoop({ kind: 'accumulation-file', format: query.format, runId: scored.runId, by: query.by }, db),
  };
}

export async function ringsFile(
  db: Db,
  actor: Actor,
  id: number,
  query: { product: string; radius: number; limit: number; format: AggregateFormat },
) {
  const { rings } = await topRings(db, actor, id, query);
  return {
    fileName: `portfolio-${id}-${query.product}-rings-${query.radius}m.${query.format}`,
    format: query.format,
    stream: renderOffLoop({ kind: 'rings-file', format: query.format, radius: query.radius, rings }),
  };
}
