import type { Readable } from 'node:stream';
import { sql, type RawBuilder } from 'kysely';
import { copyOut } from './copy-out.js';
import pg from 'pg';
import { backendNicenessOf, lowerBackendPriority, poolOf, withOwnConnection, type Db } from './database.js';

/** The SQL of a run's export (domain/portfolio/io/export.ts turns what it reads into CSV or XLSX). */

/** The export's two COPYs: its rows, and its run's results (none without a run). */
export interface ExportCopies {
  rows: string;
  results: string | null;
}

/**
 * The export as PostgreSQL's COPY sends it, in two COPYs both in row order, read at once on two
 * backends and joined by row number as they stream (domain/portfolio/io/export-join.ts): no cursor
 * round trips, no row objects built by the driver, and no join in PostgreSQL (it cost about as
 * much as reading both tables, on one backend; issue 22). In binary format
 * (domain/portfolio/io/copy-binary.ts reads it): PostgreSQL prints no float8 and escapes no text,
 * and Node copies the fields' bytes into the CSV without decoding them.
 * raw_values is json stored as text, so it goes out as it is (a jsonb would cost a conversion).
 * Of the top factors only the names go, joined, from the plain column the results are written
 * with (migration 0800): turning each row's jsonb into text took PostgreSQL about as long as the
 * rest of the export. Ids are integers, safe inline (COPY takes no parameters).
 * Fields (domain/portfolio/io/export-rows.ts reads them by position and type): the rows' row_number,
 * raw_values (json), geo_precision, their own problem, csv_line (text); the results' row_number,
 * score (float8), risk_level, confidence (float8), top factor names, model_version, problem.
 * With `renderedOriginals` (an export of every original column as CSV) the row's csv_line
 * rendered at ingest (migration 0830) goes instead of raw_values, which is sent only where
 * csv_line is null; without, csv_line goes only where raw_values is null (the line then holds the
 * values exactly, migration 0920).
 */
export function exportCopies(portfolioId: number, runId: number | null, renderedOriginals = false): ExportCopies {
  const rows = `COPY (
      SELECT w.row_number, ${renderedOriginals ? 'CASE WHEN w.csv_line IS NULL THEN w.raw_values END' : 'w.raw_values'},
             w.geo_precision, coalesce(w.problem, w.geo_problem),
             ${renderedOriginals ? 'w.csv_line' : 'CASE WHEN w.raw_values IS NULL THEN w.csv_line END'}
      FROM portfolio_rows w WHERE w.portfolio_id = ${Math.trunc(portfolioId)}
      ORDER BY w.row_number) TO STDOUT (FORMAT binary)`;
  if (runId === null) return { rows, results: null };
  const results = `COPY (
      SELECT r.row_number, r.score, r.risk_level, r.confidence,
             -- The names stored with the result (migration 0800); read out of the jsonb for results written before it.
             coalesce(r.top_factor_names, CASE WHEN jsonb_array_length(r.top_factors) <= 3
               THEN concat_ws('; ', r.top_factors->0->>'name', r.top_factors->1->>'name', r.top_factors->2->>'name')
               ELSE (SELECT string_agg(f.factor->>'name', '; ' ORDER BY f.n) FROM jsonb_array_elements(r.top_factors) WITH ORDINALITY AS f(factor, n))
             END),
             r.model_version, r.problem
      FROM portfolio_results r WHERE r.run_id = ${Math.trunc(runId)}
      ORDER BY r.row_number) TO STDOUT (FORMAT binary)`;
  return { rows, results };
}

/**
 * Runs the export's COPYs (exportCopies) and hands their streams to `consume`: the rows' on a
 * connection of the pool, the results' on a connection of its own opened for it (taking a second
 * one from the pool could leave every export holding one and waiting for another), whose backend
 * runs at the pool's niceness. Both read one
 * snapshot (pg_export_snapshot), so they see the same rows. The connections go when `consume`
 * settles; the pool's is discarded if it failed (a COPY cut off half-way leaves it mid-protocol).
 */
export async function withExportCopies(
  db: Db,
  portfolioId: number,
  runId: number | null,
  consumeCopies: (rows: Readable, results: Readable | null) => Promise<void>,
  renderedOriginals = false,
): Promise<void> {
  const copies = exportCopies(portfolioId, runId, renderedOriginals);
  // A COPY cut off when the consumer stops early (a download aborted) fails once its connection is
  // ended: the consumer has stopped listening by then, and an 'error' nobody hears would kill the thread.
  const consume = (rows: Readable, results: Readable | null) => {
    for (const copy of [rows, results]) copy?.on('error', () => {});
    return consumeCopies(rows, results);
  };
  await withOwnConnection(db, 'The export', async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    if (copies.results === null) {
      await consume(client.query(copyOut(copies.rows)), null);
    } else {
      const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;
      const second = new pg.Client({ ...(poolOf(db)!.options as pg.ClientConfig), application_name: 'zview-export' });
      second.on('error', () => {});
      try {
        await second.connect();
        // The same priority as the pool's backend beside it (render threads' pools are niced: issue 46).
        lowerBackendPriority(second, backendNicenessOf(db));
        await second.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        await second.query(`SET TRANSACTION SNAPSHOT '${snapshot.replace(/'/g, "''")}'`);
        await consume(client.query(copyOut(copies.rows)), second.query(copyOut(copies.results)));
      } finally {
        await second.end().catch(() => {});
      }
    }
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
  /** The values as uploaded, or null where csv_line holds them (domain/portfolio/io/csv-line.ts originalValues). */
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
