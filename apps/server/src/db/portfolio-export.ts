import type { Readable } from 'node:stream';
import { sql, type RawBuilder } from 'kysely';
import { copyOut } from './copy-out.js';
import { withOwnConnection, type Db } from './database.js';

/** The SQL of a run's export (domain/portfolio/export.ts turns what it reads into CSV or XLSX). */

/**
 * The rows of an export as PostgreSQL's COPY sends them, in row order, with no cursor round trips
 * and no row objects built by the driver. In binary format (domain/portfolio/copy-binary.ts reads
 * it): PostgreSQL prints no float8 and escapes no text (~2.0 s for a million rows against ~2.4 s
 * in text), and Node copies the fields' bytes into the CSV without decoding them (issue 22).
 * raw_values is json stored as text, so it goes out as it is (a jsonb would cost a conversion).
 * Of the top factors only the names go, joined, from the plain column the results are written
 * with (migration 0800): turning each row's jsonb into text took PostgreSQL about as long as the
 * rest of the export, and picking the names out of it still half. Ids are integers, safe inline
 * (COPY takes no parameters).
 * Fields (domain/portfolio/export-rows.ts reads them by position and type): raw_values (json),
 * score (float8), risk_level, confidence (float8), top factor names, model_version, geo_precision,
 * problem, csv_line (text). With `renderedOriginals` (an export of every original column as CSV)
 * the row's csv_line rendered at ingest (migration 0830) goes instead of raw_values, which is sent
 * only where csv_line is null; without, csv_line goes only where raw_values is null (the line then
 * holds the values exactly, migration 0920).
 */
export function exportRowsCopy(portfolioId: number, runId: number | null, renderedOriginals = false): string {
  return `COPY (
      SELECT ${renderedOriginals ? 'CASE WHEN w.csv_line IS NULL THEN w.raw_values END' : 'w.raw_values'}, r.score, r.risk_level, r.confidence,
             -- The names stored with the result (migration 0800); read out of the jsonb for results written before it.
             coalesce(r.top_factor_names, CASE WHEN jsonb_array_length(r.top_factors) <= 3
               THEN concat_ws('; ', r.top_factors->0->>'name', r.top_factors->1->>'name', r.top_factors->2->>'name')
               ELSE (SELECT string_agg(f.factor->>'name', '; ' ORDER BY f.n) FROM jsonb_array_elements(r.top_factors) WITH ORDINALITY AS f(factor, n))
             END),
             r.model_version, w.geo_precision, COALESCE(r.problem, w.problem, w.geo_problem),
             ${renderedOriginals ? 'w.csv_line' : 'CASE WHEN w.raw_values IS NULL THEN w.csv_line END'}
      FROM portfolio_rows w
      LEFT JOIN portfolio_results r ON r.run_id = ${Math.trunc(runId ?? -1)} AND r.row_number = w.row_number
      WHERE w.portfolio_id = ${Math.trunc(portfolioId)}
      ORDER BY w.row_number) TO STDOUT (FORMAT binary)`;
}

/**
 * Runs the export's COPY (exportRowsCopy) on a dedicated connection and hands its stream to
 * `consume`; the connection is released when `consume` settles, and discarded if it failed (a COPY
 * cut off half-way leaves the connection mid-protocol).
 */
export async function withExportCopy(
  db: Db,
  portfolioId: number,
  runId: number | null,
  consume: (rows: Readable) => Promise<void>,
  renderedOriginals = false,
): Promise<void> {
  await withOwnConnection(db, 'The CSV export', async (client) => {
    // Rows and results are both read in row order: a merge join (~2.5× less PostgreSQL time than
    // the nested loop of one results-key probe per row that the planner picks, misled by the
    // estimate of the run's partition).
    await client.query('BEGIN READ ONLY');
    await client.query('SET LOCAL enable_nestloop = off');
    await consume(client.query(copyOut(exportRowsCopy(portfolioId, runId, renderedOriginals))));
    await client.query('COMMIT');
  });
}

/** A portfolio's products with their status and current run (the combined export keeps the finished ones). */
export function productRuns(db: Db, portfolioId: number) {
  return db
    .selectFrom('portfolio_products')
    .select(['product', 'current_run_id', 'status'])
    .where('portfolio_id', '=', portfolioId)
    .execute();
}

/** One row of the combined export: the row as uploaded, where it was placed, and each run's result (null where it has none). */
export interface CombinedExportRow {
  row_number: number;
  /** The values as uploaded, or null where csv_line holds them (domain/portfolio/csv-line.ts originalValues). */
  raw_values: string[] | null;
  csv_line: string | null;
  geo_latitude: number | null;
  geo_longitude: number | null;
  geo_precision: string | null;
  matched_address: string | null;
  row_problem: string | null;
  results: ({
    score: number | null;
    risk_level: string | null;
    confidence: number | null;
    /** The top factors' names joined with '; ' (migration 0800). */
    top_factor_names: string;
    problem: string | null;
  } | null)[];
}

/**
 * The combined export's rows in row order, `pageSize` a page, through a server-side cursor in a
 * read-only transaction on a connection of its own (flat memory), each run's result joined beside
 * the row. The connection is released when the pages end or the consumer stops.
 */
export async function* combinedExportPages(
  db: Db,
  portfolioId: number,
  runIds: readonly number[],
  pageSize: number,
): AsyncGenerator<CombinedExportRow[]> {
  const results: RawBuilder<unknown>[] = runIds.map(
    (
      runId,
      i,
    ) => sql`(SELECT json_build_object('score', r.score, 'risk_level', r.risk_level, 'confidence', r.confidence,
                                       'top_factor_names', coalesce(r.top_factor_names, zview_factor_names(r.top_factors)), 'problem', r.problem)
                     FROM portfolio_results r WHERE r.run_id = ${runId} AND r.row_number = w.row_number) AS ${sql.ref(`r${i}`)}`,
  );
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const connection = await new Promise<Db>((resolve, reject) => {
    db.connection()
      .execute((conn) => (resolve(conn), released))
      .catch(reject);
  });
  try {
    await sql`BEGIN READ ONLY`.execute(connection);
    await sql`DECLARE portfolio_combined_export NO SCROLL CURSOR FOR
      SELECT w.row_number, w.raw_values, w.csv_line, w.geo_latitude, w.geo_longitude, w.geo_precision, coalesce(w.problem, w.geo_problem) AS row_problem,
             CASE WHEN p.id IS NOT NULL THEN p.address_line || ', ' || p.city || ', ' || p.state || ' ' || p.zip END AS matched_address
             ${results.length ? sql`, ${sql.join(results)}` : sql``}
      FROM portfolio_rows w
      LEFT JOIN properties p ON p.id = w.geo_property_id
      WHERE w.portfolio_id = ${portfolioId}
      ORDER BY w.row_number`.execute(connection);
    for (;;) {
      const { rows } = await sql<
        Omit<CombinedExportRow, 'results'> & Record<string, unknown>
      >`FETCH ${sql.lit(Math.trunc(pageSize))} FROM portfolio_combined_export`.execute(connection);
      yield rows.map((row) => ({
        ...row,
        results: runIds.map((_, i) => (row[`r${i}`] as CombinedExportRow['results'][number]) ?? null),
      }));
      if (rows.length < pageSize) break;
    }
  } finally {
    await sql`ROLLBACK`.execute(connection).catch(() => {});
    release();
  }
}
