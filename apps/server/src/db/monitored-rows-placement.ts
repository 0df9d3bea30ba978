import { sql, type Transaction } from 'kysely';
import type { Database } from './schema.js';

/**
 * The rows of a run that the monitored book's SQL copy (monitoring.ts copyRunIntoMonitoredRows)
 * cannot place, and their insertion once placed in Node (domain/monitoring/book-rows.ts).
 */

/** A scored row of a run with no monitored row yet: where its point is. */
export interface RowToPlace {
  row_number: number;
  lat: number;
  lng: number;
}

/**
 * A page (in row order, after `after`) of the run's scored rows the book does not hold: the run
 * placed them by the exact rule in Node (points in no simple parcel, or a world whose placement
 * cells were not built yet), which SQL alone cannot repeat. A probe of the book's key per row.
 */
export async function scoredRowsNotInBook(
  trx: Transaction<Database>,
  book: { portfolioId: number; product: string; runId: number },
  after: number,
  limit: number,
): Promise<RowToPlace[]> {
  const { rows } = await sql<RowToPlace>`
    SELECT res.row_number, r.geo_latitude AS lat, r.geo_longitude AS lng
    FROM portfolio_results res
    JOIN portfolio_rows r ON r.portfolio_id = ${book.portfolioId}::int AND r.row_number = res.row_number
    WHERE res.run_id = ${book.runId}::int AND res.row_number > ${after}::int AND res.problem IS NULL
      AND r.geo_latitude IS NOT NULL AND r.geo_longitude IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM monitored_rows m WHERE m.portfolio_id = ${book.portfolioId}::int
                        AND m.product = ${book.product}::text AND m.row_number = res.row_number)
    ORDER BY res.row_number
    LIMIT ${limit}::int`.execute(trx);
  return rows;
}

/**
 * The run's scored rows (problem null) by whether they have a level (low, medium or high: a score)
 * or none, from its chunks' summaries; null when it has none (a run written by hand).
 */
export async function scoredRowCounts(
  trx: Transaction<Database>,
  runId: number,
): Promise<{ graded: number; ungraded: number } | null> {
  const { rows } = await sql<{ chunks: number; graded: number; ungraded: number }>`
    SELECT count(*)::int AS chunks,
           coalesce(sum((summary->>'low')::int + (summary->>'medium')::int + (summary->>'high')::int), 0)::int AS graded,
           coalesce(sum((summary->>'none')::int), 0)::int AS ungraded
    FROM portfolio_run_chunks WHERE run_id = ${runId}::int`.execute(trx);
  return rows[0]?.chunks ? rows[0] : null;
}

/** How many of the book's rows hold a score. */
export async function bookRowsWithScore(
  trx: Transaction<Database>,
  book: { portfolioId: number; product: string },
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM monitored_rows
    WHERE portfolio_id = ${book.portfolioId}::int AND product = ${book.product}::text AND score IS NOT NULL`.execute(
    trx,
  );
  return rows[0]?.n ?? 0;
}

/** Copies these rows of the run into the book, each on the property given. Returns the rows copied. */
export async function insertPlacedBookRows(
  trx: Transaction<Database>,
  book: { portfolioId: number; product: string; runId: number },
  placed: { rowNumbers: number[]; propertyIds: string[] },
): Promise<number> {
  if (!placed.rowNumbers.length) return 0;
  const result = await sql`
    INSERT INTO monitored_rows (portfolio_id, product, row_number, property_id, score, risk_level, factors, model_version)
    SELECT ${book.portfolioId}::int, ${book.product}::text, res.row_number, p.property_id,
      res.score, res.risk_level, zview_top_factors(res.top_factors, res.top_factor_names, res.top_factor_contributions),
      res.model_version
    FROM unnest(${placed.rowNumbers}::int[], ${placed.propertyIds}::text[]) AS p(row_number, property_id)
    JOIN portfolio_results res ON res.run_id = ${book.runId}::int AND res.row_number = p.row_number`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
