import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PORTFOLIO_EXPORT_EXTRA_COLUMNS } from '@zview/contracts';
import type { Db } from '../../db/database.js';
import { withExportCopy } from '../../db/portfolio-export.js';
import { BinaryCopyReader, type CopyTuple } from './copy-binary.js';
import { csvCell } from './csv-cell.js';
import { csvRows } from './export-csv.js';
import { fieldFloat, fieldText, originalValuesOf, RESULT_FIELDS } from './export-rows.js';
import { xlsxFromPages, type XlsxCell } from './xlsx.js';

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
export function exportLayout(
  header: readonly string[],
  choice: readonly string[] | null,
): ExportLayout | { error: string } {
  if (!choice) return { original: header.map((_, i) => i), extra: [...PORTFOLIO_EXPORT_EXTRA_COLUMNS] };
  const extras = PORTFOLIO_EXPORT_EXTRA_COLUMNS as readonly string[];
  const unknown = choice.filter((c) => !header.includes(c) && !extras.includes(c));
  if (unknown.length) return { error: `These columns are not in the portfolio: ${unknown.join(', ')}.` };
  return {
    original: header.map((_, i) => i).filter((i) => choice.includes(header[i]!)),
    extra: PORTFOLIO_EXPORT_EXTRA_COLUMNS.filter((c) => choice.includes(c)),
  };
}

/** The export as an XLSX workbook (xlsx.ts, our streaming writer) from the same COPY as the CSV: text stays text, never evaluated; scores are numbers. */
export function exportXlsx(
  db: Db,
  portfolioId: number,
  runId: number | null,
  header: readonly string[],
  layout: ExportLayout,
): Readable {
  const out = new PassThrough();
  withExportCopy(db, portfolioId, runId, (rows) => pipeline(xlsxFromPages(xlsxPages(rows, header, layout)), out)).catch(
    (error: Error) => out.destroy(error),
  );
  return out;
}

export { csvCell, neutraliseCell } from './csv-cell.js';

/** An XLSX cell of a result column: scores and confidences are numbers, the rest text as in the CSV (not neutralised: an XLSX cell is never evaluated). */
function xlsxResultCell(tuple: CopyTuple, column: ExtraColumn): XlsxCell {
  const { field, float } = RESULT_FIELDS[column];
  return float ? fieldFloat(tuple, field) : (fieldText(tuple, field) ?? '');
}

/** Pages of XLSX cells from the export's binary COPY (the header first): a page per chunk read. */
async function* xlsxPages(
  rows: AsyncIterable<Buffer>,
  header: readonly string[],
  layout: ExportLayout,
): AsyncGenerator<XlsxCell[][]> {
  const { original, extra } = layout;
  yield [[...original.map((i) => header[i]!), ...extra]];
  const reader = new BinaryCopyReader();
  const { tuple } = reader;
  for await (const chunk of rows) {
    reader.push(chunk);
    const page: XlsxCell[][] = [];
    while (reader.next()) {
      const values = originalValuesOf(tuple);
      page.push([...original.map((i) => values[i] ?? ''), ...extra.map((column) => xlsxResultCell(tuple, column))]);
    }
    if (page.length) yield page;
  }
  reader.end();
}

/**
 * The export as an RFC 4180 CSV stream (UTF-8 with a byte-order mark, so spreadsheets read
 * unicode): the header, then the rows of one COPY on a dedicated connection, released when the
 * stream ends or is destroyed (a download aborted half-way).
 */
export function exportCsv(
  db: Db,
  portfolioId: number,
  runId: number | null,
  header: readonly string[],
  layout: ExportLayout,
): Readable {
  const out = new PassThrough();
  out.write(`\uFEFF${[...layout.original.map((i) => header[i]!), ...layout.extra].map(csvCell).join(',')}\r\n`);
  // Every original column in file order: the rows' csv_line (rendered at ingest) is that text.
  const rendered = layout.original.length > 0 && layout.original.length === header.length;
  (async () => {
    await withExportCopy(db, portfolioId, runId, (rows) => pipeline(rows, csvRows(layout, rendered), out), rendered);
  })().catch((error: Error) => out.destroy(error));
  return out;
}
