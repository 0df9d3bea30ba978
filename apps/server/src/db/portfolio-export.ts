import type { Readable } from 'node:stream';
import { to as copyTo } from 'pg-copy-streams';
import { poolOf, type Db } from './database.js';

/** The SQL of a run's export (domain/portfolio/export.ts turns what it reads into CSV or XLSX). */

/**
 * The rows of an export as PostgreSQL's COPY sends them (text format, in row order): raw_values
 * is json stored as text, so it goes out as it is, with no cursor round trips and no row objects
 * built by the driver. Of the top factors only the names go, joined: turning each row's jsonb
 * (names and numeric contributions) into text took PostgreSQL about as long as the rest of the
 * export (5 s of 10 s for a million rows); picking out up to three names is cheap, and the
 * joined names repeat from row to row. Ids are integers, safe inline (COPY takes no parameters).
 * Fields: raw_values, score, risk_level, confidence, top factor names, model_version,
 * geo_precision, problem.
 */
export function exportRowsCopy(portfolioId: number, runId: number | null): string {
  return `COPY (
      SELECT w.raw_values, r.score, r.risk_level, r.confidence,
             CASE WHEN jsonb_array_length(r.top_factors) <= 3
               THEN concat_ws('; ', r.top_factors->0->>'name', r.top_factors->1->>'name', r.top_factors->2->>'name')
               ELSE (SELECT string_agg(f.factor->>'name', '; ' ORDER BY f.n) FROM jsonb_array_elements(r.top_factors) WITH ORDINALITY AS f(factor, n))
             END,
             r.model_version, w.geo_precision, COALESCE(r.problem, w.problem, w.geo_problem)
      FROM portfolio_rows w
      LEFT JOIN portfolio_results r ON r.run_id = ${Math.trunc(runId ?? -1)} AND r.row_number = w.row_number
      WHERE w.portfolio_id = ${Math.trunc(portfolioId)}
      ORDER BY w.row_number) TO STDOUT`;
}

/**
 * Runs the export's COPY (exportRowsCopy) on a dedicated connection and hands its text stream to
 * `consume`; the connection is released when `consume` settles, and discarded if it failed (a COPY
 * cut off half-way leaves the connection mid-protocol).
 */
export async function withExportCopy(db: Db, portfolioId: number, runId: number | null, consume: (rows: Readable) => Promise<void>): Promise<void> {
  const pool = poolOf(db);
  if (!pool) throw new Error('The CSV export needs a database opened by createDb.');
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await consume(client.query(copyTo(exportRowsCopy(portfolioId, runId))));
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}
