import { PassThrough, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { PORTFOLIO_EXPORT_EXTRA_COLUMNS } from '@zview/contracts';
import type { Db } from '../../db/database.js';
import { withExportCopy } from '../../db/portfolio-export.js';
import { csvCell } from './csv-cell.js';
import { csvLineValues } from './csv-line.js';
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
export { exportRowsCopy } from '../../db/portfolio-export.js';

const COPY_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v' };

/** One field of COPY's text format: \N is null, special characters are backslash-escaped. */
function copyField(field: string): string | null {
  if (field === '\\N') return null;
  return field.includes('\\') ? field.replace(/\\(.)/gs, (_match, c: string) => COPY_ESCAPES[c] ?? c) : field;
}

/**
 * The original values of a row from raw_values as COPY sends it. JSON.stringify of strings with
 * no backslash (so no escaped character, in JSON or in COPY) is just the values between "," —
 * a split is about three times faster than JSON.parse, which reads every other row.
 */
function rawValuesOf(field: string): string[] {
  if (!field.includes('\\') && field.startsWith('["') && field.endsWith('"]')) {
    const values = field.slice(2, -2).split('","');
    // A value with a quote left in it means other separators (json written with spaces): parse it properly.
    if (!values.some((value) => value.includes('"'))) return values;
  }
  return JSON.parse(copyField(field)!) as string[];
}

const numberText = (value: string | null) => (value === null ? '' : String(Number(value)));

/**
 * Where each result column is in a COPY line (the field after raw_values, see exportRowsCopy)
 * and how its text is made.
 */
const RESULT_FIELDS: Record<ExtraColumn, { field: number; text: (value: string | null) => string }> = {
  score: { field: 1, text: numberText },
  risk_level: { field: 2, text: (value) => value ?? '' },
  confidence: { field: 3, text: numberText },
  top_factors: { field: 4, text: (names) => names ?? '' },
  model_version: { field: 5, text: (value) => value ?? '' },
  geocode_precision: { field: 6, text: (value) => value ?? '' },
  problem: { field: 7, text: (value) => value ?? '' },
};

/** Distinct values remembered per result column: scores, levels, factor names and problems repeat. */
const CELL_CACHE_LIMIT = 10_000;

/**
 * The CSV text of a row's result columns (",cell,cell…"). Results repeat a small set of values
 * (a score has one decimal, factor names come from a short list), so each column's cell is made
 * once per distinct COPY field and looked up after that.
 */
function resultCells(extra: readonly ExtraColumn[]) {
  const columns = extra.map((column) => ({ ...RESULT_FIELDS[column], cache: new Map<string, string>() }));
  return (fields: string[]) => {
    let out = '';
    for (const { field: index, text, cache } of columns) {
      const field = fields[index]!;
      let cell = cache.get(field);
      if (cell === undefined) {
        cell = csvCell(text(copyField(field)));
        if (cache.size < CELL_CACHE_LIMIT) cache.set(field, cell);
      }
      out += ',' + cell;
    }
    return out;
  };
}

/** Where a COPY line holds the row's csv_line (exportRowsCopy). */
const RENDERED_FIELD = 8;

/** A row's original values from its COPY fields: raw_values, or the csv_line that holds them exactly where that is null (migration 0920). */
function originalValuesOf(fields: readonly string[]): string[] {
  return fields[0] === '\\N' ? csvLineValues(copyField(fields[RENDERED_FIELD]!) ?? '') : rawValuesOf(fields[0]!);
}

/**
 * COPY lines in, CSV lines out (CRLF), a chunk at a time: the event loop is never held for long.
 * With `rendered` (every original column), a row's original cells come as rendered at ingest
 * (csv_line); rows without one are rendered here from raw_values, as every row is otherwise.
 */
function csvLines(layout: ExportLayout, rendered: boolean): Transform {
  const decoder = new StringDecoder('utf8');
  let carry = '';
  const results = resultCells(layout.extra);
  const { original } = layout;
  const convert = (lines: string[]) => {
    let out = '';
    for (const line of lines) {
      const fields = line.split('\t');
      const stored = rendered ? fields[RENDERED_FIELD] : undefined;
      let csv = '';
      if (stored !== undefined && stored !== '\\N') csv = copyField(stored)!;
      else {
        const values = originalValuesOf(fields);
        for (let k = 0; k < original.length; k++) csv += (k ? ',' : '') + csvCell(values[original[k]!] ?? '');
      }
      const rest = results(fields);
      // With no original column chosen, the results' leading comma goes.
      out += (original.length ? csv + rest : rest.slice(1)) + '\r\n';
    }
    return out;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      // In COPY's text format a raw line feed only ever ends a row.
      const lines = (carry + decoder.write(chunk)).split('\n');
      carry = lines.pop()!;
      callback(null, convert(lines));
    },
    flush(callback) {
      const rest = carry + decoder.end();
      callback(null, rest ? convert([rest]) : '');
    },
  });
}

/** XLSX cells of a result column from its COPY field: scores and confidences are numbers, the rest text as in the CSV (not neutralised: an XLSX cell is never evaluated). */
function xlsxResultCell(column: ExtraColumn, field: string): XlsxCell {
  const value = copyField(field);
  if (column === 'score' || column === 'confidence') return value === null ? null : Number(value);
  return RESULT_FIELDS[column].text(value);
}

/** Pages of XLSX cells from the export's COPY lines (the header first): a page per chunk read. */
async function* xlsxPages(
  rows: AsyncIterable<Buffer | string>,
  header: readonly string[],
  layout: ExportLayout,
): AsyncGenerator<XlsxCell[][]> {
  const { original, extra } = layout;
  yield [[...original.map((i) => header[i]!), ...extra]];
  const fields = extra.map((column) => RESULT_FIELDS[column].field);
  const decoder = new StringDecoder('utf8');
  let carry = '';
  const convert = (lines: string[]) =>
    lines.map((line): XlsxCell[] => {
      const cells = line.split('\t');
      const values = originalValuesOf(cells);
      return [
        ...original.map((i) => values[i] ?? ''),
        ...extra.map((column, k) => xlsxResultCell(column, cells[fields[k]!]!)),
      ];
    });
  for await (const chunk of rows) {
    // In COPY's text format a raw line feed only ever ends a row.
    const lines = (carry + (typeof chunk === 'string' ? chunk : decoder.write(chunk))).split('\n');
    carry = lines.pop()!;
    if (lines.length) yield convert(lines);
  }
  const rest = carry + decoder.end();
  if (rest) yield convert([rest]);
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
    await withExportCopy(db, portfolioId, runId, (rows) => pipeline(rows, csvLines(layout, rendered), out), rendered);
  })().catch((error: Error) => out.destroy(error));
  return out;
}
