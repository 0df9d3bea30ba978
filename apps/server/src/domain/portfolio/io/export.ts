import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PORTFOLIO_EXPORT_EXTRA_COLUMNS } from '@zview/contracts';
import type { Db } from '../../../db/database.js';
import { withExportCopies } from '../../../db/portfolio-export.js';
import type { CopyTuple } from './copy-binary.js';
import { csvCell } from '../../spreadsheet/csv-cell.js';
import { csvRows } from './export-csv.js';
import { joinedExportRows } from './export-join.js';
import { columnFloat, columnText, originalValuesOf, RESULT_FIELDS } from './export-rows.js';
import type { ExportLayout, ExtraColumn } from './export-layout.js';
import { xlsxFromPages, type XlsxCell } from './xlsx.js';

export type { ExportLayout, ExtraColumn } from './export-layout.js';

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
  withExportCopies(db, portfolioId, runId, (rows, results) =>
    pipeline(xlsxFromPages(xlsxPages(rows, results, header, layout)), out),
  ).catch((error: Error) => out.destroy(error));
  return out;
}

export { csvCell, neutraliseCell } from '../../spreadsheet/csv-cell.js';

/** An XLSX cell of a result column: scores and confidences are numbers, the rest text as in the CSV (not neutralised: an XLSX cell is never evaluated). */
function xlsxResultCell(row: CopyTuple, result: CopyTuple | null, column: ExtraColumn): XlsxCell {
  const source = RESULT_FIELDS[column];
  return source.float ? columnFloat(row, result, source) : (columnText(row, result, source) ?? '');
}

/** Pages of XLSX cells from the export's binary COPYs (the header first): a page per chunk read. */
async function* xlsxPages(
  rows: AsyncIterable<Buffer>,
  results: AsyncIterable<Buffer> | null,
  header: readonly string[],
  layout: ExportLayout,
): AsyncGenerator<XlsxCell[][]> {
  const { original, extra } = layout;
  yield [[...original.map((i) => header[i]!), ...extra]];
  for await (const join of joinedExportRows(rows, results)) {
    const page: XlsxCell[][] = [];
    while (join.next()) {
      const values = originalValuesOf(join.row);
      page.push([
        ...original.map((i) => values[i] ?? ''),
        ...extra.map((column) => xlsxResultCell(join.row, join.result, column)),
      ]);
    }
    if (page.length) yield page;
  }
}

/**
 * The export as an RFC 4180 CSV stream (UTF-8 with a byte-order mark, so spreadsheets read
 * unicode): the header, then the rows of the export's COPYs on dedicated connections, released
 * when the stream ends or is destroyed (a download aborted half-way).
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
    await withExportCopies(
      db,
      portfolioId,
      runId,
      (rows, results) => pipeline(csvRows(layout, rendered, rows, results), out),
      rendered,
    );
  })().catch((error: Error) => out.destroy(error));
  return out;
}
