import { readRow, type AttributeField, type ColumnMapping, type LocationRow } from '../columns.js';
import { csvOriginals, type CsvRecord, exactCsvLine } from '../io/index.js';
import { FAR_FROM_EVERY_PROPERTY, UNPLACED_ROWS_KEPT } from '../../../db/portfolio-ingest.js';
import type { ParcelGrid } from './parcel-grid.js';
import type { AddressPlace } from '../../geocoder/match-many.js';

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
 * Whether a row's values need no escaping, in JSON or in COPY's text (no control character,
 * quote, backslash or surrogate): nearly every row of a file.
 */
export function plainValues(values: readonly string[]): boolean {
  for (let v = 0; v < values.length; v++) {
    const value = values[v]!;
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c < 32 || c === 34 || c === 92 || (c >= 0xd800 && c <= 0xdfff)) return false;
    }
  }
  return true;
}

/** JSON.stringify(values) of plainValues, written here for a third less than its cost. */
export function plainValuesJson(values: readonly string[]): string {
  let json = '["';
  for (let v = 0; v < values.length; v++) json += v ? `","${values[v]}` : values[v];
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
export function placementAtIngest(grid: ParcelGrid, lat: number, lng: number): string | null {
  return grid.place(lat, lng) ?? (grid.isFarFromEveryProperty(lat, lng) ? FAR_FROM_EVERY_PROPERTY : null);
}

/** What the rows of a file are written with: their portfolio, its column mapping, the world's parcels and addresses. */
export interface RenderContext {
  portfolioId: number;
  mapping: ColumnMapping;
  /** Places rows that give their own coordinates on their parcel (null: the runs place them). */
  grid: ParcelGrid | null;
  /**
   * The place of an address row where the world's exact addresses settle it, as the run's geocoder
   * would place it (ingest.ts addressPlacer); absent or null: the runs geocode every address.
   */
  placeAddress?: ((row: LocationRow) => AddressPlace | null) | null;
}

/** What rendering counts: rows unusable, rows placed by their own coordinates, and address rows placed on their house. */
export interface RenderCounts {
  unusable: number;
  coordinates: number;
  rooftop: number;
  /**
   * The rows placed by their own coordinates on no parcel and not far from every property (their
   * place is the run's exact rule): up to one more than UNPLACED_ROWS_KEPT, which tells there are
   * too many to record.
   */
  unplaced: number[];
}

/**
 * The COPY lines of these records, each handed to `write` as it is made (a row's short string, which
 * is encoded while it is young, rather than a long rope of rows flattened at the end), adding to
 * `counts`.
 */
export function renderCopyRows(
  records: readonly CsvRecord[],
  context: RenderContext,
  counts: RenderCounts,
  write: (line: string) => void,
): void {
  const { portfolioId, mapping, grid } = context;
  const placeAddress = context.placeAddress ?? null;
  // The export's original columns are the header's (exportLayout): rendered for that many cells.
  const columnCount = Array.isArray(mapping.header) ? mapping.header.length : null;
  const head = `${portfolioId}\t`;
  for (const record of records) {
    const row = readRow(mapping, record.values);
    const problem = record.problem ?? row.problem;
    // A row that gives its own coordinates is placed as it is read: chunks geocode only addresses.
    const placed = !problem && row.latitude !== null && row.longitude !== null;
    if (problem) counts.unusable += 1;
    else if (placed) counts.coordinates += 1;
    // What is made of the row's values alone (address parts, attributes, CSV line, JSON, a problem
    // quoting a value) needs no escaping when they hold no backslash, quote or control character:
    // nearly every row.
    // (A plain line of the file tells it without another look at the values: csv-reader.ts.)
    const plainLine = record.plainLine ?? null;
    const plain = plainLine !== null || plainValues(record.values);
    const text = plain ? plainCopyText : copyText;
    // The values are kept as the CSV line when it holds them exactly (nearly every row: a quarter
    // less to store and to COPY); as JSON (raw_values) besides a line that does not.
    const exactLine = columnCount === null ? null : exactCsvLine(record.values, columnCount, plainLine);
    const csvLine = exactLine ?? (columnCount === null ? null : csvOriginals(record.values, columnCount));
    const rawValues =
      exactLine !== null ? null : plain ? plainValuesJson(record.values) : JSON.stringify(record.values);
    const placement = placed && grid ? placementAtIngest(grid, row.latitude!, row.longitude!) : null;
    if (placed && grid && placement === null && counts.unplaced.length <= UNPLACED_ROWS_KEPT)
      counts.unplaced.push(record.rowNumber);
    // An address row is placed on its house where the exact match settles it, as the run's
    // geocoder would (world-geocoder.ts); the rest are geocoded by the runs. Only plain rows: what
    // the run would read back is then exactly these values.
    const house = placeAddress && plain && !placed && !problem ? placeAddress(row) : null;
    if (house) counts.rooftop += 1;
    const lat = coordinateText(row.latitude, row.latitudeText);
    const lng = coordinateText(row.longitude, row.longitudeText);
    // A row placed by its coordinates has them as its place (geo_latitude, geo_longitude) only:
    // nothing reads them twice, and each is a number PostgreSQL parses (a tenth of its COPY).
    write(
      `${head}${record.rowNumber}\t${text(rawValues)}\t${text(row.ref)}\t${addressText(row, text)}` +
        (placed ? '\\N\t\\N\t' : `${lat}\t${lng}\t`) +
        `${text(attributesJson(row.attributes, plain))}\t` +
        (placed
          ? `\\N\t${lat}\t${lng}\tcoordinates\t`
          : house
            ? `\\N\t${house.lat}\t${house.lng}\trooftop\t`
            : `${text(problem)}\t\\N\t\\N\t\\N\t`) +
        `${text(csvLine)}\t` +
        `${placement === null ? '\\N' : copyText(placement)}\t` +
        `${house ? copyText(house.propertyId) : '\\N'}\n`,
    );
  }
}
