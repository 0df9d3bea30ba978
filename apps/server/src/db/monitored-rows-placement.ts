import { sql, type Transaction } from 'kysely';
import type { Db } from './database.js';
import { APPLIER_LOCK } from './monitoring.js';
import type { Database } from './schema.js';

/**
 * The rows of a run that the monitored book's SQL copy (monitoring.ts copyRunIntoMonitoredRows)
 * cannot place, and their insertion once placed in Node (domain/monitoring/book-rows.ts), by the
 * worker a page at a time after the product is marked as placing (migration 1890).
 */

export interface BookKey {
  portfolioId: number;
  product: string;
}

/** Where a product's placing stands: the run it places, its cursor and the changes it replays after. */
export interface PlacingState {
  runId: number;
  after: number;
  lastRow: number;
  changesAfter: string;
}

/**
 * Marks a monitored product as placing its run's rows SQL could not place (in the transaction
 * that copied what SQL places): from the first row, after the last world change the run's world
 * held (monitoring.ts lastChangeBeforeRun): a row placed later takes every change applied since
 * its run, as the copied rows took them at the copy (engine.ts settleCopiedBook).
 */
export async function startPlacing(
  trx: Transaction<Database>,
  book: BookKey & { runId: number; changesAfter: string },
): Promise<void> {
  await sql`
    UPDATE monitored_products SET placing_run_id = ${book.runId}::int, placing_after = 0,
      placing_last_row = (SELECT coalesce(max(row_number), 0) FROM portfolio_results WHERE run_id = ${book.runId}::int),
      placing_changes_after = ${book.changesAfter}::bigint,
      placing_touched_at = now()
    WHERE portfolio_id = ${book.portfolioId}::int AND product = ${book.product}::text`.execute(trx);
}

const placingColumns = sql`placing_run_id AS "runId", placing_after AS "after",
  coalesce(placing_last_row, 0) AS "lastRow", coalesce(placing_changes_after, 0)::text AS "changesAfter"`;

/** The product's placing, if it is placing. */
export async function placingOf(db: Db, book: BookKey): Promise<PlacingState | undefined> {
  const { rows } = await sql<PlacingState>`
    SELECT ${placingColumns} FROM monitored_products
    WHERE portfolio_id = ${book.portfolioId}::int AND product = ${book.product}::text AND placing_run_id IS NOT NULL`.execute(
    db,
  );
  return rows[0];
}

/**
 * Locks the product's row for a page's write when its placing is still where the page began
 * (same run, same cursor): a switch-off, a rebase or another job's page in between makes the page
 * stale (undefined). Also holds the world changes' applier lock for the transaction, waiting for
 * a change being applied to finish: no change is applied while the page joins the book and
 * catches up, so each change reaches each row once.
 */
export async function lockPlacingPage(
  trx: Transaction<Database>,
  book: BookKey,
  began: { runId: number; after: number },
): Promise<PlacingState | undefined> {
  await sql`SELECT pg_advisory_xact_lock(${APPLIER_LOCK})`.execute(trx);
  const { rows } = await sql<PlacingState>`
    SELECT ${placingColumns} FROM monitored_products
    WHERE portfolio_id = ${book.portfolioId}::int AND product = ${book.product}::text
      AND placing_run_id = ${began.runId}::int AND placing_after = ${began.after}::int
    FOR UPDATE`.execute(trx);
  return rows[0];
}

/** Moves the placing's cursor on, or ends it (done: every scored row checked). */
export async function advancePlacing(trx: Transaction<Database>, book: BookKey, after: number, done: boolean) {
  await sql`
    UPDATE monitored_products SET placing_after = ${after}::int, placing_touched_at = now(),
      placing_run_id = CASE WHEN ${done}::boolean THEN NULL ELSE placing_run_id END
    WHERE portfolio_id = ${book.portfolioId}::int AND product = ${book.product}::text`.execute(trx);
}

/** Products placing whose last page is older than `idleSeconds` (none running, or a job lost). */
export async function idlePlacings(db: Db, idleSeconds: number): Promise<BookKey[]> {
  const { rows } = await sql<BookKey>`
    SELECT portfolio_id AS "portfolioId", product FROM monitored_products
    WHERE placing_run_id IS NOT NULL AND placing_touched_at < now() - make_interval(secs => ${idleSeconds})`.execute(
    db,
  );
  return rows;
}

/** A scored row of a run with no monitored row yet: where its point is. */
export interface RowToPlace {
  row_number: number;
  lat: number;
  lng: number;
}

/**
 * A page (in row order, after `after`) of the run's scored rows the book does not hold: the run
 * placed them by the exact rule in Node (points in no simple parcel, or a world whose placement
 * cells were not built yet), which SQL alone cannot repeat. Every side is bounded by `after`: the
 * planner merges the three keys in row order, and PostgreSQL does not carry `res.row_number >
 * after` over to the other sides through the joins' equalities, so each page read the book's rows
 * and monitored rows from the first (EXPLAIN ANALYZE at row 100,000 of 200,000: 102,000 and
 * 96,968 index entries for a page of 2,000): a 1M-row placing cost PostgreSQL 166 s instead of ~46 s.
 */
export async function scoredRowsNotInBook(
  trx: Db,
  book: { portfolioId: number; product: string; runId: number },
  after: number,
  limit: number,
): Promise<RowToPlace[]> {
  const { rows } = await sql<RowToPlace>`
    SELECT res.row_number, r.geo_latitude AS lat, r.geo_longitude AS lng
    FROM portfolio_results res
    JOIN portfolio_rows r ON r.portfolio_id = ${book.portfolioId}::int AND r.row_number = res.row_number
      AND r.row_number > ${after}::int
    WHERE res.run_id = ${book.runId}::int AND res.row_number > ${after}::int AND res.problem IS NULL
      AND r.geo_latitude IS NOT NULL AND r.geo_longitude IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM monitored_rows m WHERE m.portfolio_id = ${book.portfolioId}::int
                        AND m.product = ${book.product}::text AND m.row_number = res.row_number
                        AND m.row_number > ${after}::int)
    ORDER BY res.row_number
    LIMIT ${limit}::int`.execute(trx);
  return rows;
}

/**
 * The run's scored rows (problem null) by whether they have a level (low, medium or high: a score)
 * or none, from its chunks' summaries; null when it has none (a run written by hand).
 */
export async function scoredRowCounts(trx: Db, runId: number): Promise<{ graded: number; ungraded: number } | null> {
  const { rows } = await sql<{ chunks: number; graded: number; ungraded: number }>`
    SELECT count(*)::int AS chunks,
           coalesce(sum((summary->>'low')::int + (summary->>'medium')::int + (summary->>'high')::int), 0)::int AS graded,
           coalesce(sum((summary->>'none')::int), 0)::int AS ungraded
    FROM portfolio_run_chunks WHERE run_id = ${runId}::int`.execute(trx);
  return rows[0]?.chunks ? rows[0] : null;
}

/**
 * Whether the SQL copy of a run holds every row the run scored (else the worker places the rest).
 * Nearly always it does: each scored row has a level (and a score) unless its level is none, and a
 * row with a problem has no score, so when the run's summaries count no level-none row and the
 * copy holds as many scores as they count levels, nothing is left. Otherwise (or for a run without
 * summaries) the worker reads the rows the book does not hold.
 */
export async function scoredRowsAllCopied(db: Db, runId: number, copiedWithScore: number): Promise<boolean> {
  const counts = await scoredRowCounts(db, runId);
  return Boolean(counts && counts.ungraded === 0 && copiedWithScore >= counts.graded);
}

/** Ends a placing (a rebase onto a run whose rows SQL placed every one). */
export async function stopPlacing(trx: Transaction<Database>, book: BookKey) {
  await sql`UPDATE monitored_products SET placing_run_id = NULL
    WHERE portfolio_id = ${book.portfolioId}::int AND product = ${book.product}::text`.execute(trx);
}

/** Copies these rows of the run into the book, each on the property given. Returns the row numbers copied. */
export async function insertPlacedBookRows(
  trx: Transaction<Database>,
  book: { portfolioId: number; product: string; runId: number },
  placed: { rowNumbers: number[]; propertyIds: string[] },
): Promise<number[]> {
  if (!placed.rowNumbers.length) return [];
  const { rows } = await sql<{ row_number: number }>`
    INSERT INTO monitored_rows (portfolio_id, product, row_number, property_id, score, risk_level, factors, model_version)
    SELECT ${book.portfolioId}::int, ${book.product}::text, res.row_number, p.property_id,
      res.score, res.risk_level, zview_top_factors(res.top_factors, res.top_factor_names, res.top_factor_contributions),
      res.model_version
    FROM unnest(${placed.rowNumbers}::int[], ${placed.propertyIds}::text[]) AS p(row_number, property_id)
    JOIN portfolio_results res ON res.run_id = ${book.runId}::int AND res.row_number = p.row_number
    ON CONFLICT (portfolio_id, product, row_number) DO NOTHING
    RETURNING row_number`.execute(trx);
  return rows.map((r) => r.row_number);
}
