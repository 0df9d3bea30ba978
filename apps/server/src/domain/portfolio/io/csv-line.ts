import { isDecimalText } from '../columns.js';
import { csvCell } from '../../spreadsheet/csv-cell.js';

/**
 * A row's original values as one CSV line, as the export of every column writes them: stored with
 * the row at ingest (csv_line, migration 0830), so an export sends it as it is, and read back as
 * the row's values where the ingest stored no raw_values (migration 0920). Pure, no I/O.
 */

/**
 * A row's original values as the CSV export of every column writes them (export.ts csvLines): one
 * cell per header column, missing ones empty, extra ones left out. Stored with the row as csv_line
 * (migration 0830), so an export sends it as it is; null when a value holds NUL.
 */
export function csvOriginals(values: readonly string[], columnCount: number): string | null {
  return csvLine(values, columnCount, false);
}

/**
 * The line of csvOriginals and exactCsvLine; with `exactOnly`, null as soon as a value needs
 * csvCell (the line would not hold it as it is).
 */
function csvLine(values: readonly string[], columnCount: number, exactOnly: boolean): string | null {
  let line = '';
  for (let i = 0; i < columnCount; i++) {
    const value = values[i] ?? '';
    const care = cellCare(value);
    if (care === BY_CSV_CELL) {
      // PostgreSQL text cannot hold NUL (raw_values keeps it, escaped in its JSON): such rows export
      // from raw_values. Only a value left to csvCell can hold one (cellCare), so the line itself is
      // not searched: that would flatten V8's rope of it, a copy per row for nothing.
      if (exactOnly || value.includes('\u0000')) return null;
      line += (i ? ',' : '') + csvCell(value);
    } else line += (i ? ',' : '') + (care === AS_IT_IS ? value : `"${value}"`);
  }
  return line;
}

/** How csvCell writes a value (cellCare): as it is, in quotes as it is, or by csvCell itself. */
export const AS_IT_IS = 0;
export const QUOTED = 1;
export const BY_CSV_CELL = 2;
type CellCare = typeof AS_IT_IS | typeof QUOTED | typeof BY_CSV_CELL;

/**
 * What csvCell would do with this value, told by a scan of its characters: csvCell's regular
 * expressions cost ~0.75 µs a row of five values, a third of an ingest's rendering. A comma
 * inside only quotes it; anything rarer (a formula's first character unless it is a signed plain
 * number, white space or a non-ASCII character at either end, a quote, line break or NUL) is left
 * to csvCell.
 */
export function cellCare(value: string): CellCare {
  const edges = edgeCare(value);
  if (edges !== null) return edges;
  let care: CellCare = AS_IT_IS;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 44)
      care = QUOTED; // ,
    else if (c === 34 || c === 10 || c === 13 || c === 0) return BY_CSV_CELL; // " LF CR NUL (csvLine)
  }
  return care;
}

/** What a value's first and last characters alone tell of its cellCare; null when the others decide. */
function edgeCare(value: string): CellCare | null {
  const length = value.length;
  if (length === 0) return AS_IT_IS;
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(length - 1);
  if (last <= 32 || last >= 127) return BY_CSV_CELL;
  // = + - @ start a formula unless the value is a plain number; white space at the start is quoted.
  if (first === 43 || first === 45) return isDecimalText(value) ? AS_IT_IS : BY_CSV_CELL;
  if (first <= 32 || first >= 127 || first === 61 || first === 64) return BY_CSV_CELL;
  return null;
}

/**
 * csvOriginals' line when it holds the values exactly (one cell per value, each written as it is
 * or quoted as it is, nothing added, left out or changed): csvLineValues reads them back, so the
 * ingest stores no raw_values with the row (migration 0920). Null for any other row.
 */
export function exactCsvLine(
  values: readonly string[],
  columnCount: number,
  plainLine: string | null = null,
): string | null {
  // (No cells at all would read back as one empty cell.)
  if (values.length !== columnCount || columnCount === 0) return null;
  if (plainLine === null) return csvLine(values, columnCount, true);
  // The file's own line of these values (CsvRecord.plainLine): none holds a quote, line break or
  // NUL, and those holding a comma are quoted, so only their first and last characters can ask for
  // csvCell.
  for (let i = 0; i < columnCount; i++) if (edgeCare(values[i]!) === BY_CSV_CELL) return null;
  return plainLine;
}

/**
 * The values of an exactCsvLine: its cells, split at the commas between them, a quoted cell taken
 * as it is between its quotes (it holds no quote: cellCare leaves those to csvCell).
 */
export function csvLineValues(line: string): string[] {
  const values: string[] = [];
  let i = 0;
  for (;;) {
    if (line.charCodeAt(i) === 34) {
      const close = line.indexOf('"', i + 1);
      values.push(line.slice(i + 1, close));
      if (close + 1 >= line.length) return values;
      i = close + 2;
    } else {
      const comma = line.indexOf(',', i);
      if (comma === -1) {
        values.push(line.slice(i));
        return values;
      }
      values.push(line.slice(i, comma));
      i = comma + 1;
    }
  }
}

/** A stored row's original values: its raw_values, or those of its exact CSV line where the ingest kept only that. */
export function originalValues(row: { raw_values: string[] | null; csv_line: string | null }): string[] {
  return row.raw_values ?? csvLineValues(row.csv_line ?? '');
}
