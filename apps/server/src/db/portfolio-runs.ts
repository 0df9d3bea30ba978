import { sql, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import { ROW_ADDRESS_COLUMNS } from './portfolio-ingest.js';
import { recordRunDiff } from './run-diff.js';
import { recordPairDiffs } from './run-pair-diffs.js';
import { withOwnConnection, type Db } from './database.js';
import type { Database, PortfolioRunsTable } from './schema.js';

/**
 * The SQL of a portfolio run (domain/portfolio/pipeline/runs.ts decides, this module reads and writes):
 * starting a run, the rows of a chunk, storing geocodes, committing a chunk with its usage, and
 * finishing the run.
 */

/**
 * The table holding one run's results (migration 0340): created when the run starts, filled by its
 * chunks with no index to maintain, indexed and attached as the run's partition of
 * portfolio_results by the commit of its last chunk.
 */
export const resultsPartition = (runId: number) => `portfolio_results_${Math.trunc(runId)}`;

/** A product's state for starting a run, locked until the transaction ends. */
export function lockProductForRun(trx: Transaction<Database>, portfolioId: number, product: string) {
  return trx
    .selectFrom('portfolio_products')
    .innerJoin('portfolios', 'portfolios.id', 'portfolio_products.portfolio_id')
    .select([
      'portfolio_products.status',
      'portfolio_products.current_run_id',
      'portfolios.row_count',
      'portfolios.ingested_at',
      'portfolios.geocode_counts',
    ])
    .where('portfolio_id', '=', portfolioId)
    .where('product', '=', product)
    .forUpdate()
    .executeTakeFirst();
}

/** A run as insertRun creates it. */
export type NewRun = Pick<
  Selectable<PortfolioRunsTable>,
  | 'portfolio_id'
  | 'product'
  | 'model_version'
  | 'data_date'
  | 'requested_by'
  | 'chunk_size'
  | 'chunk_count'
  | 'previous_run_id'
  | 'score_build_id'
>;

/** The name of the check on a run's results table that proves its partition bound (run_id = the run). */
const boundCheck = (table: string) => `${table}_run_id_check`;

/** Inserts the run, creates its results table and makes it the product's current run (IN_PROGRESS). */
export async function insertRun(trx: Transaction<Database>, values: NewRun): Promise<number> {
  const run = await trx.insertInto('portfolio_runs').values(values).returning('id').executeTakeFirstOrThrow();
  // The run's results go to a table of its own, attached as its partition when it finishes. Its
  // check (the partition bound) is made now, on the empty table: made at the finish, it read all
  // the results once more (~0.1 s a million).
  const name = resultsPartition(run.id);
  await sql`CREATE TABLE ${sql.table(name)} (LIKE portfolio_results INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
    CONSTRAINT ${sql.id(boundCheck(name))} CHECK (run_id = ${sql.lit(Math.trunc(run.id))}))`.execute(trx);
  await trx
    .updateTable('portfolio_products')
    .set({ status: 'IN_PROGRESS', current_run_id: run.id, updated_at: new Date() })
    .where('portfolio_id', '=', values.portfolio_id)
    .where('product', '=', values.product)
    .execute();
  return run.id;
}

/** The chunk count of a run not finished yet and its committed chunks; null once finished or gone. */
export async function runChunkState(
  db: Db,
  runId: number,
): Promise<{ chunkCount: number; committed: Set<number> } | null> {
  const run = await db
    .selectFrom('portfolio_runs')
    .select(['chunk_count', 'completed_at'])
    .where('id', '=', runId)
    .executeTakeFirst();
  if (!run || run.completed_at) return null;
  const done = await db.selectFrom('portfolio_run_chunks').select('chunk_index').where('run_id', '=', runId).execute();
  return { chunkCount: run.chunk_count, committed: new Set(done.map((d) => d.chunk_index)) };
}

/** What a chunk job needs to know about its run. */
export function findChunkRun(db: Db, runId: number) {
  return db
    .selectFrom('portfolio_runs')
    .innerJoin('portfolios', 'portfolios.id', 'portfolio_runs.portfolio_id')
    .select([
      'portfolio_runs.id',
      'portfolio_runs.portfolio_id',
      'portfolio_runs.product',
      'portfolio_runs.model_version',
      'portfolio_runs.score_build_id',
      'portfolio_runs.chunk_size',
      'portfolio_runs.requested_by',
      'portfolio_runs.suspended_at',
      'portfolio_runs.completed_at',
      'portfolios.organization_id',
      'portfolios.geocode_counts',
      'portfolios.row_count',
    ])
    .where('portfolio_runs.id', '=', runId)
    .executeTakeFirst();
}

export async function isChunkCommitted(db: Db, runId: number, chunkIndex: number): Promise<boolean> {
  const row = await db
    .selectFrom('portfolio_run_chunks')
    .select('run_id')
    .where('run_id', '=', runId)
    .where('chunk_index', '=', chunkIndex)
    .executeTakeFirst();
  return row !== undefined;
}

export interface RowRange {
  first: number;
  last: number;
}

/**
 * The usable rows of a chunk not placed yet (addresses to geocode: no geocoded_at, and no precision,
 * which a row placed by its own coordinates has from its ingest), in row order, named as the
 * geocoder takes them (StagedRow): no copy of 10,000 objects per chunk to rename one field.
 */
export function rowsToGeocode(db: Db, portfolioId: number, range: RowRange) {
  return db
    .selectFrom('portfolio_rows')
    .select(['row_number as rowNumber', ...ROW_ADDRESS_COLUMNS, 'latitude', 'longitude'])
    .where('portfolio_id', '=', portfolioId)
    .where('row_number', '>=', range.first)
    .where('row_number', '<=', range.last)
    .where('problem', 'is', null)
    .where('geocoded_at', 'is', null)
    .where('geo_precision', 'is', null)
    .orderBy('row_number')
    .execute();
}

export interface StoredGeocode {
  rowNumber: number;
  latitude: number | null;
  longitude: number | null;
  precision: string | null;
  problem: string | null;
  propertyId?: string | null;
}

/**
 * Stores where rows were placed. Rows another run's chunk placed meanwhile are left as they are
 * (and not counted twice): the portfolio's counts move from 'pending' to each precision by the
 * rows this update placed.
 */
export async function storeGeocodes(db: Db, portfolioId: number, results: readonly StoredGeocode[]): Promise<void> {
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
    WHERE p.id = ${portfolioId} AND EXISTS (SELECT 1 FROM placed)`.execute(db);
}

/** Every row of a chunk with where it was placed, in row order (the row-by-row scoring path). */
export function chunkRows(db: Db, portfolioId: number, range: RowRange) {
  return db
    .selectFrom('portfolio_rows')
    .select([
      'row_number',
      ...ROW_ADDRESS_COLUMNS,
      'attributes',
      'problem',
      'geo_latitude',
      'geo_longitude',
      'geo_precision',
      'geo_problem',
    ])
    .where('portfolio_id', '=', portfolioId)
    .where('row_number', '>=', range.first)
    .where('row_number', '<=', range.last)
    .orderBy('row_number')
    .execute();
}

export interface ResultValues {
  rowNumber: number;
  score: number | null;
  riskLevel: string;
  confidence: number | null;
  /** JSON text. */
  topFactors: string;
  modelVersion: string;
  problem: string | null;
}

/** An INSERT of computed results into `table` (the run's results table, or a chunk's staging table), RETURNING risk_level, problem (see commitChunkResults). */
export function insertResultValues(
  runId: number,
  table: string,
  results: readonly ResultValues[],
): RawBuilder<unknown> {
  return sql`
    INSERT INTO ${sql.table(table)} (run_id, row_number, score, risk_level, confidence, top_factors, top_factor_names, model_version, problem)
    SELECT ${runId}, u.row_number, u.score, u.risk_level, u.confidence, u.top_factors, zview_factor_names(u.top_factors), u.model_version, u.problem FROM unnest(${results.map((r) => r.rowNumber)}::int[], ${results.map((r) => r.score)}::float8[], ${results.map((r) => r.riskLevel)}::text[],
      ${results.map((r) => r.confidence)}::float8[], ${results.map((r) => r.topFactors)}::jsonb[], ${results.map((r) => r.modelVersion)}::text[], ${results.map((r) => r.problem)}::text[])
      AS u(row_number, score, risk_level, confidence, top_factors, model_version, problem)
    RETURNING risk_level, problem`;
}

export interface CommitRun {
  id: number;
  portfolio_id: number;
  product: string;
  requested_by: string;
  organization_id: number;
}

export type CommitOutcome = 'committed' | 'already-committed' | 'suspended' | 'gone';

/**
 * Commits a chunk in one transaction: its (run, chunk) key, its results (`insertResults`, an INSERT
 * into the run's table … RETURNING risk_level, problem) with their risk-level counts on the chunk
 * row, and one usage record on the portfolio channel whose quantity is the number of rows scored
 * (keyed by run and chunk, so a retried chunk counts once).
 *
 * Commits of one run go side by side: each holds only a share lock on the run row (which a
 * suspension waits for, so it never lands in the middle of a commit), and nothing in it updates the
 * run.
 */
export async function commitChunkResults(
  db: Db,
  run: CommitRun,
  chunkIndex: number,
  rowCount: number,
  insertResults: (table: string) => RawBuilder<unknown>,
): Promise<CommitOutcome> {
  const runId = run.id;
  return withOwnConnection(db, 'A chunk commit', async (client) => {
    await client.query('BEGIN');
    try {
      const { rows: current } = await client.query('SELECT suspended_at FROM portfolio_runs WHERE id = $1 FOR SHARE', [
        runId,
      ]);
      const outcome = !current[0] ? 'gone' : current[0].suspended_at ? 'suspended' : null;
      // The (run, chunk) key: a concurrent commit of the same chunk waits here, then does nothing.
      const inserted =
        outcome ??
        ((
          await client.query(
            `INSERT INTO portfolio_run_chunks (run_id, chunk_index, row_count) VALUES ($1, $2, $3)
             ON CONFLICT DO NOTHING RETURNING chunk_index`,
            [runId, chunkIndex, rowCount],
          )
        ).rowCount
          ? null
          : 'already-committed');
      if (outcome || inserted) {
        await client.query('ROLLBACK');
        return (outcome ?? inserted)!;
      }
      if (rowCount) {
        const into = resultsPartition(runId);
        // A chunk's rows and the index rows of its properties are hashed together (IndexJoin
        // 'keyScan'), never nested: that loop would scan the key for the chunk's whole list of
        // properties once per row. LATERAL probes stay nested loops, the only way to run them.
        await client.query(`SET LOCAL enable_nestloop = off`);
        const statement = sql`
        WITH results AS (${insertResults(into)}),
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
        WHERE run_id = ${runId}::int AND chunk_index = ${chunkIndex}::int`.compile(db);
        await client.query(statement.sql, statement.parameters as unknown[]);
      }
      await client.query('COMMIT');
      return 'committed';
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  });
}

/**
 * Finishes the run once every chunk is committed. The run row's lock makes one of the last commits'
 * callers finish it (the others find it complete); it waits only for commits still in flight.
 * True when this call finished it.
 */
export async function finishRunIfComplete(db: Db, runId: number): Promise<boolean> {
  // Without a lock first: the run row's lock waits for every commit in flight (each holds a share
  // lock on it), which held each chunk's worker for most of the other's commit (a fifth of a run of
  // forty chunks). Whichever of the last commits ends second sees them all here, so one of them
  // always goes on to the lock.
  if (!(await everyChunkCommitted(db, runId))) return false;
  return db.transaction().execute(async (trx) => {
    const run = await trx
      .selectFrom('portfolio_runs')
      .select(['chunk_count', 'completed_at', 'suspended_at'])
      .where('id', '=', runId)
      .forUpdate()
      .executeTakeFirst();
    if (!run || run.completed_at || run.suspended_at) return false;
    const { count } = await trx
      .selectFrom('portfolio_run_chunks')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('run_id', '=', runId)
      .executeTakeFirstOrThrow();
    if (Number(count) < run.chunk_count) return false;
    await finishRun(trx, runId);
    return true;
  });
}

/** Whether the run's committed chunks are as many as its chunks (false when it is gone). */
async function everyChunkCommitted(db: Db, runId: number): Promise<boolean> {
  const row = await db
    .selectFrom('portfolio_runs as run')
    .select((eb) => [
      'run.chunk_count',
      eb
        .selectFrom('portfolio_run_chunks as c')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('c.run_id', '=', 'run.id')
        .as('committed'),
    ])
    .where('run.id', '=', runId)
    .executeTakeFirst();
  return row !== undefined && Number(row.committed) >= row.chunk_count;
}

/**
 * Marks a run complete: builds its results table's keys (by sorting, once) and attaches it as the
 * run's partition of portfolio_results, counts the scores that changed since the previous run, and
 * opens it for review (IN_PROGRESS → READY).
 */
export async function finishRun(trx: Transaction<Database>, runId: number): Promise<void> {
  const name = resultsPartition(runId);
  const table = sql.table(name);
  const id = sql.lit(Math.trunc(runId));
  const { rows } = await sql<{
    attached: boolean;
    checked: boolean;
  }>`SELECT c.relispartition AS attached, EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conrelid = c.oid AND k.conname = ${boundCheck(name)}) AS checked
     FROM pg_class c WHERE c.oid = to_regclass(${name})`.execute(trx);
  // (A run that was in progress when migration 0340 ran already has an attached partition.)
  if (rows[0] && !rows[0].attached) {
    // The keys of a million results sort in memory rather than in temporary files (kept on a server configured lower than the embedded one's 512 MB).
    await sql`SET LOCAL maintenance_work_mem = '512MB'`.execute(trx);
    await sql`ALTER TABLE ${table} ADD PRIMARY KEY (run_id, row_number)`.execute(trx);
    // The check proves the partition bound, so attaching does not scan the rows again (insertRun
    // makes it; a run started before it did gets it here).
    if (!rows[0].checked)
      await sql`ALTER TABLE ${table} ADD CONSTRAINT ${sql.id(boundCheck(name))} CHECK (run_id = ${id})`.execute(trx);
    await sql`ALTER TABLE portfolio_results ATTACH PARTITION ${table} FOR VALUES IN (${id})`.execute(trx);
    // A sample of 3,000 rows (statistics target 10, against 30,000 at the default 100) is enough
    // for the plans run on it (four risk levels, row ranges) and reads a tenth of the pages: ~0.3
    // s less on a million results.
    await sql`SET LOCAL default_statistics_target = 10`.execute(trx);
    await sql`ANALYZE ${table}`.execute(trx);
  }
  // The rows that moved since the previous run are kept with their counts (the run diff of issue
  // 41 reads them instead of joining two runs again); their number is the run's changed count.
  const run = await trx
    .selectFrom('portfolio_runs')
    .select(['previous_run_id', 'completed_at'])
    .where('id', '=', runId)
    .executeTakeFirst();
  if (run && !run.completed_at) {
    const changed = run.previous_run_id === null ? 0 : await recordRunDiff(trx, runId, run.previous_run_id);
    // And its summary against the earlier runs, so that any two runs' summary reads one row.
    if (run.previous_run_id !== null) await recordPairDiffs(trx, runId, run.previous_run_id);
    await trx
      .updateTable('portfolio_runs')
      .set({ completed_at: sql<Date>`now()`, changed_count: changed })
      .where('id', '=', runId)
      .execute();
  }
  await trx
    .updateTable('portfolio_products')
    .set({ status: 'READY', updated_at: new Date() })
    .where('current_run_id', '=', runId)
    .where('status', '=', 'IN_PROGRESS')
    .execute();
}

/** Suspends or resumes a run; null when it does not exist. */
export async function setRunSuspendedAt(
  db: Db,
  runId: number,
  suspended: boolean,
): Promise<{ completed: boolean } | null> {
  const run = await db
    .updateTable('portfolio_runs')
    .set({ suspended_at: suspended ? new Date() : null })
    .where('id', '=', runId)
    .returning(['completed_at'])
    .executeTakeFirst();
  return run ? { completed: run.completed_at !== null } : null;
}
