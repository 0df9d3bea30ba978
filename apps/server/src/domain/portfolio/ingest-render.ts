import { isDecimalText, readRow, type AttributeField, type ColumnMapping, type LocationRow } from './columns.js';
import type { CsvRecord } from './csv-reader.js';
import { csvCell } from './csv-cell.js';
import { FAR_FROM_EVERY_PROPERTY, UNPLACED_ROWS_KEPT } from '../../db/portfolio-ingest.js';
import type { ParcelGrid } from './parcel-grid.js';

/**
 * How an ingest writes a file's rows as the lines of its COPY (db/portfolio-ingest.ts
 * INGEST_COPY_COLUMNS). Pure, no I/O.
 */

// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[\\\n\r\t\u0000]/;

/** Escapes one value for PostgreSQL's COPY text format; null becomes \N. */
export function copyText(value: string | number | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  // Almost every value needs nothing: test once rather than run five replacements.
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value
    .replaceAll('\u0000', '') // PostgreSQL text cannot hold NUL
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t');
}

/**
 * A row's original values as the CSV export of every column writes them (export.ts csvLines): one
 * cell per header column, missing ones empty, extra ones left out. Stored with the row as csv_line
 * (migration 0830), so an export sends it as it is; null when a value holds NUL.
 */
export function csvOriginals(values: readonly string[], columnCount: number): string | null {
  let line = '';
  for (let i = 0; i < columnCount; i++) {
    const value = values[i] ?? '';
    const care = cellCare(value);
    line += (i ? ',' : '') + (care === AS_IT_IS ? value : care === QUOTED ? `"${value}"` : csvCell(value));
  }
  // PostgreSQL text cannot hold NUL (raw_values keeps it, escaped in its JSON): such rows export from raw_values.
  return line.includes('\u0000') ? null : line;
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
 * number, white space or a non-ASCII character at either end, a quote or line break) is left
 * to csvCell.
 */
export function cellCare(value: string): CellCare {
  const length = value.length;
  if (length === 0) return AS_IT_IS;
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(length - 1);
  if (last <= 32 || last >= 127) return BY_CSV_CELL;
  // = + - @ start a formula unless the value is a plain number; white space at the start is quoted.
  if (first === 43 || first === 45) return isDecimalText(value) ? AS_IT_IS : BY_CSV_CELL;
  if (first <= 32 || first >= 127 || first === 61 || first === 64) return BY_CSV_CELL;
  let care: CellCare = AS_IT_IS;
  for (let i = 0; i < length; i++) {
    const c = value.charCodeAt(i);
    if (c === 44)
      care = QUOTED; // ,
    else if (c === 34 || c === 10 || c === 13) return BY_CSV_CELL; // " LF CR
  }
  return care;
}

/**
 * JSON.stringify(values) for values that need no escaping in JSON (no control character, quote,
 * backslash or surrogate; null for any other), written here for a third less than its cost: nearly
 * every row of a file, and a million of them per ingest.
 */
export function plainValuesJson(values: readonly string[]): string | null {
  let json = '["';
  for (let v = 0; v < values.length; v++) {
    const value = values[v]!;
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c < 32 || c === 34 || c === 92 || (c >= 0xd800 && c <= 0xdfff)) return null;
    }
    json += v ? `","${value}` : value;
  }
  return values.length ? `${json}"]` : '[]';
}

/** copyText for a value known to need no escaping. */
function plainCopyText(value: string | null): string {
  return value === null ? '\\N' : value;
}

/** A coordinate as COPY text: as the file wrote it when that is a plain decimal (readRow's text: the same double), else the number. */
function coordinateText(value: number | null, written: string | null): string {
  return value === null ? '\\N' : (written ?? String(value));
}

/** The address columns of a row as COPY text, each followed by a tab (one piece when it has none: a file of coordinates). */
function addressText(row: LocationRow, text: (value: string | null) => string): string {
  const { address, street, city, state, zip, country } = row;
  if (address === null && street === null && city === null && state === null && zip === null && country === null)
    return '\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t';
  return `${text(address)}\t${text(street)}\t${text(city)}\t${text(state)}\t${text(zip)}\t${text(country)}\t`;
}

/**
 * A row's attributes as JSON. When its values need no escaping (plain: their JSON holds no
 * backslash) the JSON is written here, as JSON.stringify would, for less than half its cost.
 */
function attributesJson(attributes: LocationRow['attributes'], plain: boolean): string {
  if (!plain) return JSON.stringify(attributes);
  let json = '';
  for (const field in attributes) json += `${json ? ',' : '{'}"${field}":"${attributes[field as AttributeField]}"`;
  return json ? `${json}}` : '{}';
}

/**
 * What the ingest stores for a row's own point (placed_property_id): the property whose simple
 * parcel contains it, FAR_FROM_EVERY_PROPERTY, or null when neither (the run decides by the exact rule).
 */
function placementAtIngest(grid: ParcelGrid, lat: number, lng: number): string | null {
  return grid.place(lat, lng) ?? (grid.isFarFromEveryProperty(lat, lng) ? FAR_FROM_EVERY_PROPERTY : null);
}

/** What the rows of a file are written with: their portfolio, its column mapping and the world's parcels. */
export interface RenderContext {
  portfolioId: number;
  mapping: ColumnMapping;
  /** Places rows that give their own coordinates on their parcel (null: the runs place them). */
  grid: ParcelGrid | null;
}

/** What rendering counts: rows unusable, and rows placed by their own coordinates. */
export interface RenderCounts {
  unusable: number;
  coordinates: number;
  /**
   * The rows placed by their own coordinates on no parcel and not far from every property (their
   * place is the run's exact rule): up to one more than UNPLACED_ROWS_KEPT, which tells there are
   * too many to record.
   */
  unplaced: number[];
}

/** The COPY lines of these records, adding to `counts`. */
export function renderCopyRows(records: readonly CsvRecord[], context: RenderContext, counts: RenderCounts): string {
  const { portfolioId, mapping, grid } = context;
  // The export's original columns are the header's (exportLayout): rendered for that many cells.
  const columnCount = Array.isArray(mapping.header) ? mapping.header.length : null;
  const head = `${portfolioId}\t`;
  let block = '';
  for (const record of records) {
    const row = readRow(mapping, record.values);
    const problem = record.problem ?? row.problem;
    // A row that gives its own coordinates is placed as it is read: chunks geocode only addresses.
    const placed = !problem && row.latitude !== null && row.longitude !== null;
    if (problem) counts.unusable += 1;
    else if (placed) counts.coordinates += 1;
    // What is made of the row's values alone (its JSON, address parts, attributes, CSV line, a
    // problem quoting a value) needs no escaping when they hold no backslash, quote or control
    // character: nearly every row, whose JSON plainValuesJson writes. For the others JSON.stringify
    // writes a backslash for each of those, so its one search tells.
    const plainJson = plainValuesJson(record.values);
    const json = plainJson ?? JSON.stringify(record.values);
    const plain = plainJson !== null || !json.includes('\\');
    const text = plain ? plainCopyText : copyText;
    const placement = placed && grid ? placementAtIngest(grid, row.latitude!, row.longitude!) : null;
    if (placed && grid && placement === null && counts.unplaced.length <= UNPLACED_ROWS_KEPT)
      counts.unplaced.push(record.rowNumber);
    const lat = coordinateText(row.latitude, row.latitudeText);
    const lng = coordinateText(row.longitude, row.longitudeText);
    block +=
      `${head}${record.rowNumber}\t${text(json)}\t${text(row.ref)}\t${addressText(row, text)}` +
      `${lat}\t${lng}\t${text(attributesJson(row.attributes, plain))}\t` +
      (placed ? `\\N\t${lat}\t${lng}\tcoordinates\tnow\t` : `${text(problem)}\t\\N\t\\N\t\\N\t\\N\t`) +
      `${text(columnCount === null ? null : csvOriginals(record.values, columnCount))}\t` +
      `${placement === null ? '\\N' : copyText(placement)}\n`;
  }
  return block;
}
