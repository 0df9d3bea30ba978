import type { PortfolioProduct } from '@zview/contracts';
import type { Db } from '../../../db/database.js';
import {
  chunkRows,
  commitChunkResults,
  findChunkRun,
  finishRun,
  finishRunIfComplete,
  insertResultValues,
  insertRun,
  isChunkCommitted,
  lockProductForRun,
  rowsToGeocode,
  runChunkState,
  setRunSuspendedAt,
  storeGeocodes,
  type CommitOutcome,
} from '../../../db/portfolio-runs.js';
import { conflict } from '../../app-error.js';
import { placeAndScoreFromIndex } from './indexed-chunk.js';
import { NO_SCORE, nothingToGeocode, type ChunkRun, type ScoredChunk } from './run-parts.js';
import { phaseTimer, phaseTotals, type PhaseTimer } from './phase-timer.js';
import type { BatchGeocoder, GeocodedRow, PortfolioScorer, ScoredRow, StagedRow } from './seams.js';
import { canTransition, transitionRefusal } from '../status.js';

export { NO_SCORE, resultsPartition, type ChunkRun, type ScoredChunk } from './run-parts.js';

export const DEFAULT_CHUNK_SIZE = 10_000;

/**
 * A run from the score index whose rows need no geocoding (all placed at ingest, or unusable)
 * spends ~20 ms of database time per 10,000 rows: its chunks are this many times the configured
 * size, so fewer statements, commits and job hand-overs share the work (a tenth of the run's time
 * on a million rows). Rows with addresses to geocode keep the configured size: each chunk
 * geocodes them first, and must stay well within the chunk job's expiry.
 */
export const PLACED_CHUNK_FACTOR = 2.5;

export interface RunDeps {
  db: Db;
  scorer: PortfolioScorer;
  geocoder: BatchGeocoder;
}

export interface RunRef {
  runId: number;
  chunkCount: number;
}

/**
 * Starts a scoring run of one product of a portfolio with the scorer's current model version:
 * UPLOADED (first run) or READY/PROCESSED (rerun) → IN_PROGRESS. The previous run is kept.
 * Returns null when the product is not in a state that starts a run (e.g. already running).
 */
export async function startRun(
  db: Db,
  scorer: PortfolioScorer,
  input: { portfolioId: number; product: PortfolioProduct; requestedBy: string; chunkSize: number; rerun: boolean },
): Promise<RunRef | null> {
  return db.transaction().execute(async (trx) => {
    const current = await lockProductForRun(trx, input.portfolioId, input.product);
    if (!current || !current.ingested_at) return null;
    if (input.rerun ? current.status === 'UPLOADED' : current.status !== 'UPLOADED') {
      if (input.rerun) throw conflict('This portfolio has not been processed yet, so it cannot be rerun.');
      return null;
    }
    if (!canTransition(current.status, 'IN_PROGRESS', 'system'))
      throw conflict(transitionRefusal(current.status, 'IN_PROGRESS'));
    // With the score index, the run's data date is its build's as-of date.
    const model = scorer.indexed
      ? await scorer.indexed.prepareRun(input.product)
      : { ...scorer.modelInfo(input.product), buildId: null };
    const rowCount = current.row_count ?? 0;
    const placed = nothingToGeocode(current.geocode_counts);
    const chunkSize = scorer.indexed && placed ? Math.round(input.chunkSize * PLACED_CHUNK_FACTOR) : input.chunkSize;
    const chunkCount = Math.ceil(rowCount / chunkSize);
    const runId = await insertRun(trx, {
      portfolio_id: input.portfolioId,
      product: input.product,
      model_version: model.modelVersion,
      data_date: model.dataDate,
      requested_by: input.requestedBy,
      chunk_size: chunkSize,
      chunk_count: chunkCount,
      previous_run_id: current.current_run_id,
      score_build_id: model.buildId,
    });
    if (chunkCount === 0) await finishRun(trx, runId);
    return { runId, chunkCount };
  });
}

/** Chunks of a run not committed yet (what a worker still has to do). */
export async function pendingChunks(db: Db, runId: number): Promise<number[]> {
  const state = await runChunkState(db, runId);
  if (!state) return [];
  return Array.from({ length: state.chunkCount }, (_, i) => i).filter((i) => !state.committed.has(i));
}

type ChunkOutcome = CommitOutcome;

/**
 * Geocodes and scores one chunk of a run, then commits its results and usage in one
 * transaction keyed by (run, chunk): running the same chunk twice commits it once.
 */
export async function processChunk(deps: RunDeps, runId: number, chunkIndex: number): Promise<ChunkOutcome> {
  const { db } = deps;
  const run = await findChunkRun(db, runId);
  if (!run) return 'gone';
  if (run.completed_at) return 'already-committed';
  if (run.suspended_at) return 'suspended';
  const already = await isChunkCommitted(db, runId, chunkIndex);
  if (already) {
    // Its commit may have been the last, with the worker gone before it finished the run.
    await finishIfComplete(db, runId);
    return 'already-committed';
  }

  const range = { first: chunkIndex * run.chunk_size + 1, last: (chunkIndex + 1) * run.chunk_size };
  const timer = phaseTimer(`run ${runId} chunk ${chunkIndex}`, `run ${runId}`);
  // No query for rows to geocode once none is pending, as in a run whose rows all came with coordinates.
  if (!nothingToGeocode(run.geocode_counts)) await geocodePending(deps, run.portfolio_id, range, timer);
  const indexed = deps.scorer.indexed;
  const chunk =
    indexed && run.score_build_id !== null
      ? await placeAndScoreFromIndex(db, indexed, { ...run, score_build_id: run.score_build_id }, range)
      : await scoreRowByRow(deps, run, range);
  // (From the index: placing the points and reading which properties the index has.)
  timer.lap(`place ${chunk.rowCount}`);
  const outcome = await commitChunk(db, run, chunkIndex, chunk);
  // (The results joined to the score index and written, with the chunk's key and usage.)
  timer.lap(`commit (${outcome})`);
  if (outcome === 'committed' && (await finishIfComplete(db, runId))) {
    timer.lap('finish');
    phaseTotals(`run ${runId}`);
  }
  timer.done();
  return outcome;
}

/** A stored row's number, reference and address parts, as the engines take them (StagedRow without coordinates). */
function addressOf(row: Omit<StagedRow, 'rowNumber' | 'latitude' | 'longitude'> & { row_number: number }) {
  const { row_number: rowNumber, ref, address, street, city, state, zip, country } = row;
  return { rowNumber, ref, address, street, city, state, zip, country };
}

/**
 * Geocodes set-wise the rows of a chunk that have not been placed yet (shared by every product;
 * rows with their own coordinates were placed at ingest) and stores where they are.
 */
async function geocodePending(
  deps: RunDeps,
  portfolioId: number,
  range: { first: number; last: number },
  timer: PhaseTimer,
): Promise<void> {
  const pending = await rowsToGeocode(deps.db, portfolioId, range);
  timer.lap(`pending ${pending.length}`);
  if (!pending.length) return;
  const results = await deps.geocoder.geocodeRows(pending);
  timer.lap(`geocode ${results.length}`);
  await storeGeocodes(deps.db, portfolioId, results);
  timer.lap(`store ${results.length}`);
}

/** The row-by-row path (scorers without a score index, e.g. test fakes): scoreRows on the chunk's placed rows. */
async function scoreRowByRow(
  deps: RunDeps,
  run: ChunkRun,
  range: { first: number; last: number },
): Promise<ScoredChunk> {
  const rows = await chunkRows(deps.db, run.portfolio_id, range);
  const product = run.product as PortfolioProduct;
  const scorable: GeocodedRow[] = [];
  for (const r of rows) {
    if (r.problem || r.geo_problem || r.geo_latitude === null || r.geo_longitude === null) continue;
    scorable.push({
      ...addressOf(r),
      latitude: r.geo_latitude,
      longitude: r.geo_longitude,
      precision: (r.geo_precision ?? 'none') as GeocodedRow['precision'],
      attributes: r.attributes,
    });
  }
  const scored = scorable.length
    ? await deps.scorer.scoreRows(scorable, [product], {
        organizationId: run.organization_id,
        portfolioId: run.portfolio_id,
        runId: run.id,
        modelVersion: run.model_version,
      })
    : [];
  const byRow = new Map<number, ScoredRow>(scored.filter((s) => s.product === product).map((s) => [s.rowNumber, s]));
  const results = rows.map((r) => {
    const s = byRow.get(r.row_number);
    const problem = r.problem ?? r.geo_problem ?? s?.problem ?? (s ? null : NO_SCORE);
    return {
      rowNumber: r.row_number,
      score: problem ? null : s!.score,
      riskLevel: problem ? 'none' : s!.riskLevel,
      confidence: problem ? null : s!.confidence,
      topFactors: JSON.stringify(problem ? [] : s!.topFactors),
      modelVersion: s?.modelVersion ?? run.model_version,
      problem,
    };
  });
  return {
    rowCount: rows.length,
    insertResults: (table) => insertResultValues(run.id, table, results),
  };
}

/** Commits a chunk: its key, results and usage in one transaction (db/portfolio-runs.ts commitChunkResults). */
function commitChunk(db: Db, run: ChunkRun, chunkIndex: number, chunk: ScoredChunk): Promise<ChunkOutcome> {
  return commitChunkResults(db, run, chunkIndex, chunk.rowCount, chunk.insertResults);
}

/** Finishes the run once every chunk is committed (one of the last commits' callers does it). */
export async function finishIfComplete(db: Db, runId: number): Promise<boolean> {
  return finishRunIfComplete(db, runId);
}

export async function setRunSuspended(
  db: Db,
  runId: number,
  suspended: boolean,
): Promise<{ completed: boolean } | null> {
  return setRunSuspendedAt(db, runId, suspended);
}
