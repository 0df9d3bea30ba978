import type { CopyTuple } from './copy-binary.js';
import { csvLineValues } from './csv-line.js';
import type { ExtraColumn } from './export.js';

/**
 * A row of the export's binary COPY (db/portfolio-export.ts exportRowsCopy): where each field is
 * and how the CSV (export-csv.ts) and the XLSX (export.ts) read it.
 */

/** raw_values: json, so its text as it is (a jsonb would start with a version byte). */
export const RAW_VALUES_FIELD = 0;
/** csv_line: text, the row's original cells as rendered at ingest (migration 0830). */
export const CSV_LINE_FIELD = 8;

/** Where each result column is in a row, and whether it is a float8 (score, confidence) or text. */
export const RESULT_FIELDS: Record<ExtraColumn, { field: number; float: boolean }> = {
  score: { field: 1, float: true },
  risk_level: { field: 2, float: false },
  confidence: { field: 3, float: true },
  top_factors: { field: 4, float: false },
  model_version: { field: 5, float: false },
  geocode_precision: { field: 6, float: false },
  problem: { field: 7, float: false },
};

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
