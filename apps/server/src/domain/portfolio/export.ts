import { Readable } from 'node:stream';
import { PORTFOLIO_EXPORT_EXTRA_COLUMNS } from '@zview/contracts';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { xlsxStream } from './xlsx-writer.js';

/**
 * Spreadsheet programs run a cell that starts with = + - @ (or tab / carriage return) as a
 * formula. Such cells get a leading apostrophe, except plain numbers like -97.5, which no
 * spreadsheet reads as a formula and which must survive the round trip unchanged.
 */
export function neutraliseCell(value: string): string {
  if (!/^[=+\-@\t\r]/.test(value)) return value;
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(value)) return value;
  return `'${value}`;
}

export type ExtraColumn = (typeof PORTFOLIO_EXPORT_EXTRA_COLUMNS)[number];

export interface ExportLayout {
  /** Indexes of the original columns, in file order. */
  original: number[];
  extra: ExtraColumn[];
}

/**
 * The columns of an export: the user's choice (saved with PUT …/export) if any, else every
 * original column followed by every result column. Names not in the file are refused.
 */
export function exportLayout(header: readonly string[], choice: readonly string[] | null): ExportLayout | { error: string } {
  if (!choice) return { original: header.map((_, i) => i), extra: [...PORTFOLIO_EXPORT_EXTRA_COLUMNS] };
  const extras = PORTFOLIO_EXPORT_EXTRA_COLUMNS as readonly string[];
  const unknown = choice.filter((c) => !header.includes(c) && !extras.includes(c));
  if (unknown.length) return { error: `These columns are not in the portfolio: ${unknown.join(', ')}.` };
  return {
    original: header.map((_, i) => i).filter((i) => choice.includes(header[i]!)),
    extra: PORTFOLIO_EXPORT_EXTRA_COLUMNS.filter((c) => choice.includes(c)),
  };
}

const PAGE = 5000;

interface ExportRow {
  row_number: number;
  raw_values: string[];
  geo_precision: string | null;
  geo_problem: string | null;
  row_problem: string | null;
  score: number | null;
  risk_level: string | null;
  confidence: number | null;
  top_factors: { name: string }[] | null;
  model_version: string | null;
  result_problem: string | null;
}

function extraValue(row: ExportRow, column: ExtraColumn): string {
  switch (column) {
    case 'score':
      return row.score === null ? '' : String(row.score);
    case 'risk_level':
      return row.risk_level ?? '';
    case 'confidence':
      return row.confidence === null ? '' : String(row.confidence);
    case 'top_factors':
      return (row.top_factors ?? []).map((f) => f.name).join('; ');
    case 'geocode_precision':
      return row.geo_precision ?? '';
    case 'model_version':
      return row.model_version ?? '';
    case 'problem':
      return row.result_problem ?? row.row_problem ?? row.geo_problem ?? '';
  }
}

/**
 * Streams a run's rows in row order through a server-side cursor (one query, a merge of the rows
 * and results indexes, fetched PAGE rows at a time), so memory stays flat whatever the file size
 * and each row is read once. The header comes first. The cursor's connection is held until the
 * last page or until the reader stops (the generator's `finally`).
 */
async function* exportPages(db: Db, portfolioId: number, runId: number | null, header: readonly string[], layout: ExportLayout, neutralise: boolean) {
  const cell = neutralise ? neutraliseCell : (value: string) => value;
  yield [[...layout.original.map((i) => header[i]!), ...layout.extra]];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const connection = await new Promise<Db>((resolve, reject) => {
    db.connection().execute((conn) => (resolve(conn), released)).catch(reject);
  });
  try {
    await sql`BEGIN READ ONLY`.execute(connection);
    await sql`DECLARE portfolio_export NO SCROLL CURSOR FOR
      SELECT w.row_number, w.raw_values, w.geo_precision, w.geo_problem, w.problem AS row_problem,
             r.score, r.risk_level, r.confidence, r.top_factors, r.model_version, r.problem AS result_problem
      FROM portfolio_rows w
      LEFT JOIN portfolio_results r ON r.run_id = ${runId ?? -1} AND r.row_number = w.row_number
      WHERE w.portfolio_id = ${portfolioId}
      ORDER BY w.row_number`.execute(connection);
    for (;;) {
      const { rows } = await sql<ExportRow>`FETCH ${sql.lit(PAGE)} FROM portfolio_export`.execute(connection);
      yield rows.map((row) => [...layout.original.map((i) => cell(row.raw_values[i] ?? '')), ...layout.extra.map((c) => cell(extraValue(row, c)))]);
      if (rows.length < PAGE) break;
    }
  } finally {
    await sql`ROLLBACK`.execute(connection).catch(() => {});
    release();
  }
}

async function* flatten(pages: AsyncIterable<string[][]>) {
  for await (const page of pages) yield* page;
}

/** The export as an XLSX workbook. Cells are inline strings, which a spreadsheet never evaluates, so values stay exact. */
export function exportXlsx(db: Db, portfolioId: number, runId: number | null, header: readonly string[], layout: ExportLayout): Readable {
  return xlsxStream(flatten(exportPages(db, portfolioId, runId, header, layout, false)));
}

/** The export as an RFC 4180 CSV stream (UTF-8 with a byte-order mark, so spreadsheets read unicode), one block per page. */
export function exportCsv(db: Db, portfolioId: number, runId: number | null, header: readonly string[], layout: ExportLayout): Readable {
  return Readable.from(
    (async function* () {
      yield '\uFEFF';
      for await (const page of exportPages(db, portfolioId, runId, header, layout, true)) {
        if (page.length) yield stringify(page, { record_delimiter: '\r\n', quoted_match: /^\s|\s$/ });
      }
    })(),
    { objectMode: false },
  );
}
