import type { PortfolioProduct } from '@zview/contracts';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { conflict } from '../app-error.js';
import { placeAndScoreFromIndex } from './indexed-chunk.js';
import { NO_SCORE, resultsPartition, type ChunkRun, type ScoredChunk } from './run-parts.js';
import { phaseTimer } from './phase-timer.js';
import type { BatchGeocoder, GeocodedRow, PortfolioScorer, ScoredRow, StagedRow } from './seams.js';
import { canTransition, transitionRefusal } from './status.js';

export { NO_SCORE, resultsPartition, type ChunkRun, type ScoredChunk } from './run-parts.js';

export const DEFAULT_CHUNK_SIZE = 10_000;


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
    const current = await trx
      .selectFrom('portfolio_products')
      .innerJoin('portfolios', 'portfolios.id', 'portfolio_products.portfolio_id')
      .select(['portfolio_products.status', 'portfolio_products.current_run_id', 'portfolios.row_count', 'portfolios.ingested_at'])
      .where('portfolio_id', '=', input.portfolioId)
      .where('product', '=', input.product)
      .forUpdate()
      .executeTakeFirst();
    if (!current || !current.ingested_at) return null;
    if (input.rerun ? current.status === 'UPLOADED' : current.status !== 'UPLOADED') {
      if (input.rerun) throw conflict('This portfolio has not been processed yet, so it cannot be rerun.');
      return null;
    }
    if (!canTransition(current.status, 'IN_PROGRESS', 'system')) throw conflict(transitionRefusal(current.status, 'IN_PROGRESS'));
    // With the score index, the run's data date is its build's as-of date.
    const model = scorer.indexed ? await scorer.indexed.prepareRun(input.product) : { ...scorer.modelInfo(input.product), buildId: null };
    const rowCount = current.row_count ?? 0;
    const chunkCount = Math.ceil(rowCount / input.chunkSize);
    const run = await trx
      .insertInto('portfolio_runs')
      .values({
        portfolio_id: input.portfolioId,
        product: input.product,
        model_version: model.modelVersion,
        data_date: model.dataDate,
        requested_by: input.requestedBy,
        chunk_size: input.chunkSize,
        chunk_count: chunkCount,
        previous_run_id: current.current_run_id,
        score_build_id: model.buildId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The run's results go to a table of its own, attached as its partition when it finishes.
    await sql`CREATE TABLE ${sql.table(resultsPartition(run.id))} (LIKE portfolio_results INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`.execute(trx);
    await trx
      .updateTable('portfolio_products')
      .set({ status: 'IN_PROGRESS', current_run_id: run.id, updated_at: new Date() })
      .where('portfolio_id', '=', input.portfolioId)
      .where('product', '=', input.product)
      .execute();
    if (chunkCount === 0) await finishRun(trx, run.id);
    return { runId: run.id, chunkCount };
  });
}

/** Chunks of a run not committed yet (what a worker still has to do). */
export async function pendingChunks(db: Db, runId: number): Promise<number[]> {
  const run = await db.selectFrom('portfolio_runs').select(['chunk_count', 'completed_at']).where('id', '=', runId).executeTakeFirst();
  if (!run || run.completed_at) return [];
  const done = await db.selectFrom('portfolio_run_chunks').select('chunk_index').where('run_id', '=', runId).execute();
  const committed = new Set(done.map((d) => d.chunk_index));
  return Array.from({ length: run.chunk_count }, (_, i) => i).filter((i) => !committed.has(i));
}

type ChunkOutcome = 'committed' | 'already-committed' | 'suspended' | 'gone';


/**
 * Geocodes and scores one chunk of a run, then commits its results and usage in one
 * transaction keyed by (run, chunk): running the same chunk twice commits it once.
 */
export async function processChunk(deps: RunDeps, runId: number, chunkIndex: number): Promise<ChunkOutcome> {
  const { db } = deps;
  const run = await db
    .selectFrom('portfolio_runs')
    .innerJoin('portfolios', 'portfolios.id', 'portfolio_runs.portfolio_id')
    .select([
      'portfolio_runs.id', 'portfolio_runs.portfolio_id', 'portfolio_runs.product', 'portfolio_runs.model_version', 'portfolio_runs.score_build_id',
      'portfolio_runs.chunk_size', 'portfolio_runs.requested_by', 'portfolio_runs.suspended_at', 'portfolio_runs.completed_at',
      'portfolios.organization_id',
    ])
    .where('portfolio_runs.id', '=', runId)
    .executeTakeFirst();
  if (!run) return 'gone';
  if (run.completed_at) return 'already-committed';
  if (run.suspended_at) return 'suspended';
  const already = await db.selectFrom('portfolio_run_chunks').select('run_id').where('run_id', '=', runId).where('chunk_index', '=', chunkIndex).executeTakeFirst();
  if (already) {
    // Its commit may have been the last, with the worker gone before it finished the run.
    await finishIfComplete(db, runId);
    return 'already-committed';
  }

  const range = { first: chunkIndex * run.chunk_size + 1, last: (chunkIndex + 1) * run.chunk_size };
  const timer = phaseTimer(`run ${runId} chunk ${chunkIndex}`);
  const geocoded = await geocodePending(deps, run.portfolio_id, range);
  timer.lap(`geocode ${geocoded}`);
  const indexed = deps.scorer.indexed;
  const chunk = indexed && run.score_build_id !== null
    ? await placeAndScoreFromIndex(db, indexed, { ...run, score_build_id: run.score_build_id }, range)
    : await scoreRowByRow(deps, run, range);
  timer.lap(`score ${chunk.rowCount}`);
  const outcome = await commitChunk(db, run, chunkIndex, chunk);
  timer.lap(`commit (${outcome})`);
  if (outcome === 'committed') await finishIfComplete(db, runId);
  timer.done();
  return outcome;
}

/**
 * Geocodes set-wise the rows of a chunk that have not been placed yet (shared by every product;
 * rows with their own coordinates were placed at ingest) and stores where they are.
 */
async function geocodePending(deps: RunDeps, portfolioId: number, range: { first: number; last: number }): Promise<number> {
  const pending = await deps.db
    .selectFrom('portfolio_rows')
    .select(['row_number', 'ref', 'address', 'street', 'city', 'state', 'zip', 'country', 'latitude', 'longitude'])
    .where('portfolio_id', '=', portfolioId)
    .where('row_number', '>=', range.first)
    .where('row_number', '<=', range.last)
    .where('problem', 'is', null)
    .where('geocoded_at', 'is', null)
    .orderBy('row_number')
    .execute();
  if (!pending.length) return 0;
  const toGeocode: StagedRow[] = pending.map((r) => ({ rowNumber: r.row_number, ref: r.ref, address: r.address, street: r.street, city: r.city, state: r.state, zip: r.zip, country: r.country, latitude: r.latitude, longitude: r.longitude }));
  const results = await deps.geocoder.geocodeRows(toGeocode);
  // Rows another run's chunk placed meanwhile are left as they are (and not counted twice): the
  // portfolio's counts move from 'pending' to each precision by the rows this update placed.
  await sql`
    WITH placed AS (
      UPDATE portfolio_rows AS r SET geo_latitude = g.lat, geo_longitude = g.lon, geo_precision = g.precision, geo_problem = g.problem, geo_property_id = g.property_id, geocoded_at = now()
      FROM unnest(${results.map((g) => g.rowNumber)}::int[], ${results.map((g) => g.latitude)}::float8[], ${results.map((g) => g.longitude)}::float8[],
                  ${results.map((g) => g.precision)}::text[], ${results.map((g) => g.problem)}::text[], ${results.map((g) => g.propertyId ?? null)}::text[])
                  AS g(row_number, lat, lon, precision, problem, property_id)
      WHERE r.portfolio_id = ${portfolioId} AND r.row_number = g.row_number AND r.geocoded_at IS NULL
      RETURNING r.geo_precision),
    moved AS (
      SELECT geo_precision AS key, count(*)::int AS n FROM placed GROUP BY 1
      UNION ALL SELECT 'pending', -count(*)::int FROM placed)
    UPDATE portfolios p SET geocode_counts = coalesce((
      SELECT jsonb_object_agg(key, n) FROM (
        SELECT key, sum(n)::int AS n FROM (SELECT key, value::int AS n FROM jsonb_each_text(p.geocode_counts) UNION ALL SELECT key, n FROM moved) c
        GROUP BY key HAVING sum(n) <> 0) s), '{}')
    WHERE p.id = ${portfolioId} AND EXISTS (SELECT 1 FROM placed)`.execute(deps.db);
  return results.length;
}


/** The row-by-row path (scorers without a score index, e.g. test fakes): scoreRows on the chunk's placed rows. */
async function scoreRowByRow(deps: RunDeps, run: ChunkRun, range: { first: number; last: number }): Promise<ScoredChunk> {
  const rows = await deps.db
    .selectFrom('portfolio_rows')
    .select(['row_number', 'ref', 'address', 'street', 'city', 'state', 'zip', 'country', 'attributes', 'problem', 'geo_latitude', 'geo_longitude', 'geo_precision', 'geo_problem'])
    .where('portfolio_id', '=', run.portfolio_id)
    .where('row_number', '>=', range.first)
    .where('row_number', '<=', range.last)
    .orderBy('row_number')
    .execute();
  const product = run.product as PortfolioProduct;
  const scorable: GeocodedRow[] = [];
  for (const r of rows) {
    if (r.problem || r.geo_problem || r.geo_latitude === null || r.geo_longitude === null) continue;
    scorable.push({
      rowNumber: r.row_number, ref: r.ref, address: r.address, street: r.street, city: r.city, state: r.state, zip: r.zip, country: r.country,
      latitude: r.geo_latitude, longitude: r.geo_longitude, precision: (r.geo_precision ?? 'none') as GeocodedRow['precision'], attributes: r.attributes,
    });
  }
  const scored = scorable.length
    ? await deps.scorer.scoreRows(scorable, [product], { organizationId: run.organization_id, portfolioId: run.portfolio_id, runId: run.id, modelVersion: run.model_version })
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
    insertResults: (runId) => sql`
      INSERT INTO ${sql.table(resultsPartition(runId))} (run_id, row_number, score, risk_level, confidence, top_factors, model_version, problem)
      SELECT ${runId}, * FROM unnest(${results.map((r) => r.rowNumber)}::int[], ${results.map((r) => r.score)}::float8[], ${results.map((r) => r.riskLevel)}::text[],
        ${results.map((r) => r.confidence)}::float8[], ${results.map((r) => r.topFactors)}::jsonb[], ${results.map((r) => r.modelVersion)}::text[], ${results.map((r) => r.problem)}::text[])
      RETURNING risk_level, problem`,
  };
}


/**
 * Commits a chunk: its (run, chunk) key, its results with their risk-level counts, and one usage
 * record on the portfolio channel whose quantity is the number of rows scored (keyed by run and
 * chunk, so a retried chunk counts once).
 *
 * Commits of one run go side by side: each holds only a share lock on the run row (which a
 * suspension waits for, so it never lands in the middle of a commit), and nothing in it updates the
 * run. Finishing the run is a step of its own after the commit (finishIfComplete).
 */
async function commitChunk(db: Db, run: ChunkRun, chunkIndex: number, chunk: ScoredChunk): Promise<ChunkOutcome> {
  const runId = run.id;
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('portfolio_runs').select(['suspended_at']).where('id', '=', runId).forShare().executeTakeFirst();
    if (!current) return 'gone';
    if (current.suspended_at) return 'suspended';
    // The (run, chunk) key: a concurrent commit of the same chunk waits here, then does nothing.
    const inserted = await trx
      .insertInto('portfolio_run_chunks')
      .values({ run_id: runId, chunk_index: chunkIndex, row_count: chunk.rowCount })
      .onConflict((oc) => oc.doNothing())
      .returning('chunk_index')
      .executeTakeFirst();
    if (!inserted) return 'already-committed';
    if (chunk.rowCount) {
      await sql`
        WITH results AS (${chunk.insertResults(runId)}),
        counts AS (
          SELECT count(*) FILTER (WHERE problem IS NULL AND risk_level = 'low')::int AS low, count(*) FILTER (WHERE problem IS NULL AND risk_level = 'medium')::int AS medium,
                 count(*) FILTER (WHERE problem IS NULL AND risk_level = 'high')::int AS high, count(*) FILTER (WHERE problem IS NULL AND risk_level = 'none')::int AS none,
                 count(*) FILTER (WHERE problem IS NOT NULL)::int AS errors, count(*) FILTER (WHERE problem IS NULL)::int AS scored
          FROM results),
        usage AS (
          INSERT INTO usage_events (event_key, organization_id, user_id, product, channel, portfolio_id, run_id, quantity)
          SELECT ${`portfolio:${run.portfolio_id}:${runId}:chunk:${chunkIndex}`}::text, ${run.organization_id}::int, ${run.requested_by}::text, ${run.product}::text, 'portfolio', ${run.portfolio_id}::int, ${runId}::int, scored
          FROM counts WHERE scored > 0
          ON CONFLICT (event_key) DO NOTHING)
        UPDATE portfolio_run_chunks SET summary = (SELECT jsonb_build_object('low', low, 'medium', medium, 'high', high, 'none', none, 'errors', errors) FROM counts)
        WHERE run_id = ${runId}::int AND chunk_index = ${chunkIndex}::int`.execute(trx);
    }
    return 'committed' as const;
  });
}

/**
 * Finishes the run once every chunk is committed. The run row's lock makes one of the last commits'
 * callers finish it (the others find it complete); it waits only for commits still in flight.
 */
export async function finishIfComplete(db: Db, runId: number) {
  await db.transaction().execute(async (trx) => {
    const run = await trx.selectFrom('portfolio_runs').select(['chunk_count', 'completed_at', 'suspended_at']).where('id', '=', runId).forUpdate().executeTakeFirst();
    if (!run || run.completed_at || run.suspended_at) return;
    const { count } = await trx.selectFrom('portfolio_run_chunks').select((eb) => eb.fn.countAll<number>().as('count')).where('run_id', '=', runId).executeTakeFirstOrThrow();
    if (Number(count) >= run.chunk_count) await finishRun(trx, runId);
  });
}

/**
 * Marks a run complete: builds its results table's keys (by sorting, once) and attaches it as the
 * run's partition of portfolio_results, counts the scores that changed since the previous run, and
 * opens it for review.
 */
async function finishRun(trx: Transaction<Database>, runId: number) {
  const name = resultsPartition(runId);
  const table = sql.table(name);
  const id = sql.lit(Math.trunc(runId));
  const { rows } = await sql<{ attached: boolean }>`SELECT relispartition AS attached FROM pg_class WHERE oid = to_regclass(${name})`.execute(trx);
  // (A run that was in progress when migration 0340 ran already has an attached partition.)
  if (rows[0] && !rows[0].attached) {
    await sql`ALTER TABLE ${table} ADD PRIMARY KEY (run_id, row_number)`.execute(trx);
    await sql`CREATE INDEX ON ${table} (run_id, risk_level)`.execute(trx);
    // The check proves the partition bound, so attaching does not scan the rows again.
    await sql`ALTER TABLE ${table} ADD CHECK (run_id = ${id})`.execute(trx);
    await sql`ALTER TABLE portfolio_results ATTACH PARTITION ${table} FOR VALUES IN (${id})`.execute(trx);
    await sql`ANALYZE ${table}`.execute(trx);
  }
  await sql`
    UPDATE portfolio_runs AS run SET completed_at = now(), changed_count = (
      SELECT count(*) FROM portfolio_results cur JOIN portfolio_results prev ON prev.run_id = run.previous_run_id AND prev.row_number = cur.row_number
      WHERE cur.run_id = run.id AND (cur.score IS DISTINCT FROM prev.score OR cur.risk_level <> prev.risk_level))
    WHERE run.id = ${runId} AND run.completed_at IS NULL`.execute(trx);
  await trx
    .updateTable('portfolio_products')
    .set({ status: 'READY', updated_at: new Date() })
    .where('current_run_id', '=', runId)
    .where('status', '=', 'IN_PROGRESS')
    .execute();
}

export async function setRunSuspended(db: Db, runId: number, suspended: boolean): Promise<{ completed: boolean } | null> {
  const run = await db
    .updateTable('portfolio_runs')
    .set({ suspended_at: suspended ? new Date() : null })
    .where('id', '=', runId)
    .returning(['completed_at'])
    .executeTakeFirst();
  return run ? { completed: run.completed_at !== null } : null;
}
