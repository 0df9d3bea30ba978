import { int32, type CopyTuple } from './copy-binary.js';
import { csvLineValues } from './csv-line.js';
import type { ExtraColumn } from './export-layout.js';

/**
 * The export's two binary COPYs (db/portfolio-export.ts exportCopies), the rows' and the run's
 * results', both in row order and joined by row number here (export-join.ts): where each field is
 * and how the CSV (export-csv.ts) and the XLSX (export.ts) read it.
 */

/** Each tuple of either COPY starts with its row number (int4). */
export const ROW_NUMBER_FIELD = 0;
/** raw_values: json, so its text as it is (a jsonb would start with a version byte). */
export const RAW_VALUES_FIELD = 1;
/** csv_line: text, the row's original cells as rendered at ingest (migration 0830). */
export const CSV_LINE_FIELD = 4;

/**
 * Where each result column is: a field of the result tuple, else (where the row has no result,
 * or that field is NULL) one of the row tuple; a float8 (score, confidence) or text. The problem
 * is the result's, else the row's own (a bad row, or a geocoding problem).
 */
export interface ColumnSource {
  result: number | null;
  row: number | null;
  float: boolean;
}

export const RESULT_FIELDS: Record<ExtraColumn, ColumnSource> = {
  score: { result: 1, row: null, float: true },
  risk_level: { result: 2, row: null, float: false },
  confidence: { result: 3, row: null, float: true },
  top_factors: { result: 4, row: null, float: false },
  model_version: { result: 5, row: null, float: false },
  geocode_precision: { result: null, row: 2, float: false },
  problem: { result: 6, row: 3, float: false },
};

/** The tuple holding a column's value for a row and its result (null where the value is NULL), or null. */
export function sourceTuple(row: CopyTuple, result: CopyTuple | null, source: ColumnSource): CopyTuple | null {
  if (result !== null && source.result !== null && result.lengths[source.result] !== -1) return result;
  if (source.row !== null && row.lengths[source.row] !== -1) return row;
  return null;
}

/** A column's text for a row and its result (null for NULL). */
export function columnText(row: CopyTuple, result: CopyTuple | null, source: ColumnSource): string | null {
  const tuple = sourceTuple(row, result, source);
  return tuple === null ? null : fieldText(tuple, tuple === result ? source.result! : source.row!);
}

/** A float8 column for a row and its result (null for NULL). */
export function columnFloat(row: CopyTuple, result: CopyTuple | null, source: ColumnSource): number | null {
  const tuple = sourceTuple(row, result, source);
  return tuple === null ? null : fieldFloat(tuple, tuple === result ? source.result! : source.row!);
}

/** A tuple's row number. */
export function rowNumberOf({ data, starts, lengths }: CopyTuple): number {
  if (lengths[ROW_NUMBER_FIELD] !== 4) throw new Error("A tuple of the export's COPY has no int4 row number.");
  return int32(data, starts[ROW_NUMBER_FIELD]!);
}

/** A text (or json) field as a string; null for NULL. */
export function fieldText({ data, starts, lengths }: CopyTuple, field: number): string | null {
  const length = lengths[field]!;
  return length === -1 ? null : data.toString('utf8', starts[field]!, starts[field]! + length);
}

/** A float8 field (8 bytes, big-endian: the exact double, as Number() of its text reads it); null for NULL. */
export function fieldFloat({ data, starts, lengths }: CopyTuple, field: number): number | null {
  if (!isFloat8(lengths, field)) return null;
  return data.readDoubleBE(starts[field]!);
}

/**
 * Whether a float8 field holds a value (false for NULL). Any length but 8 means the SQL sends
 * another type than this reader takes (a numeric, a real): refused rather than misread.
 */
export function isFloat8(lengths: Int32Array, field: number): boolean {
  const length = lengths[field]!;
  if (length === -1) return false;
  if (length !== 8) throw new Error(`Field ${field} of the export's COPY is not a float8.`);
  return true;
}

/**
 * The original values from raw_values' JSON text. JSON.stringify of strings with no backslash (so
 * no escaped character) is just the values between "," — a split is about three times faster
 * than JSON.parse, which reads every other row.
 */
function rawValuesOf(json: string): string[] {
  if (!json.includes('\\') && json.startsWith('["') && json.endsWith('"]')) {
    const values = json.slice(2, -2).split('","');
    // A value with a quote left in it means other separators (json written with spaces): parse it properly.
    if (!values.some((value) => value.includes('"'))) return values;
  }
  return JSON.parse(json) as string[];
}

/** A row's original values: raw_values, or the csv_line that holds them exactly where that is null (migration 0920). */
export function originalValuesOf(tuple: CopyTuple): string[] {
  const raw = fieldText(tuple, RAW_VALUES_FIELD);
  return raw === null ? csvLineValues(fieldText(tuple, CSV_LINE_FIELD) ?? '') : rawValuesOf(raw);
}
