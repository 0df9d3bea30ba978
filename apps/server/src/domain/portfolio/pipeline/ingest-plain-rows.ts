import { UNPLACED_ROWS_KEPT } from '../../../db/portfolio-ingest.js';
import { attributeColumns, decimalBytesValue, insideCoverage, isDecimalText, type ColumnMapping } from '../columns.js';
import {
  BACKSLASH,
  COMMA,
  type CopyBlocks,
  copyBytes,
  CR,
  LF,
  type PlainLineTaker,
  QUOTE,
  ViewOf,
} from '../io/index.js';
import { copyText, placementAtIngest, type RenderContext, type RenderCounts } from './ingest-render.js';

/**
 * The ingest's byte path (issue 22). A line that csv-reader.ts would read as a plain line
 * (CsvRecord.plainLine), with one value per header column, none that csv-line.ts would write
 * other than as it is, whose row readRow reads as a point inside coverage (a file of coordinates
 * with no address or country column), is written to the COPY from the file's bytes: the line as
 * its csv_line, its id, coordinates and attributes as the file wrote them. No string is made per
 * cell, and no line is built and encoded. renderCopyRows writes the very same bytes for such a
 * line (ingest-plain-rows.test.ts compares them); every other line is left to it, through the
 * reader. A million coordinate rows without the parcel grid: the worker's CPU 3.4 → 1.9 s.
 * Pure, no I/O.
 */

const SPACE = 32;
const EQUALS = 61;
const AT = 64;
const PLUS = 43;
const MINUS = 45;
const TAB = 9;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;

/** A constant's bytes and a DataView of them (copied four at a time). */
interface Constant {
  bytes: Buffer;
  view: DataView;
}
function constantOf(text: string): Constant {
  const bytes = Buffer.from(text);
  return { bytes, view: new DataView(bytes.buffer, bytes.byteOffset, bytes.length) };
}

// What a plain row's line is made of, around its values (renderCopyRows' line for a placed row).
const NULL = constantOf('\\N');
const NULL_TAB = constantOf('\\N\t');
/** After the row's reference: its six address parts and its own latitude and longitude (kept as its place), all null. */
const AFTER_REF = constantOf('\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t');
const BEFORE_LATITUDE = constantOf('\t\\N\t');
const AFTER_LONGITUDE = constantOf('\tcoordinates\t');
const LINE_END = constantOf('\t\\N\n');

/** The columns readRow reads of a plain row, or null when the mapping's rows cannot be plain rows. */
interface PlainColumns {
  count: number;
  id: number | undefined;
  latitude: number;
  longitude: number;
  /** Each attribute's column and the JSON written before its value (`{"name":"` or `,"name":"`). */
  attributes: { column: number; before: Constant }[];
}

function plainColumns(mapping: ColumnMapping): PlainColumns | null {
  const f = mapping.fields;
  if (!Array.isArray(mapping.header) || mapping.header.length === 0) return null;
  if (f.latitude === undefined || f.longitude === undefined) return null;
  // readRow of a row with any of these reads more than a point: left to it.
  if ([f.address, f.street, f.city, f.state, f.zip, f.country].some((index) => index !== undefined)) return null;
  return {
    count: mapping.header.length,
    id: f.id,
    latitude: f.latitude,
    longitude: f.longitude,
    attributes: attributeColumns(mapping).map(([field, column]) => ({
      column,
      before: constantOf(`,"${field}":"`),
    })),
  };
}

/** Where each value of a line starts and ends (inside its quotes, when quoted). */
class Cells {
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  constructor(count: number) {
    this.starts = new Int32Array(count);
    this.ends = new Int32Array(count);
  }
}

/**
 * Splits the line `[start, end)` into `cells` as csv-reader's parseRecords would, when it is a
 * plain line of exactly `count` values: unquoted values of printable ASCII other than a quote or
 * backslash, quoted ones holding a comma and no quote or backslash (quotedAsCsvLineQuotes).
 * False for any other line.
 */
function splitPlainLine(bytes: Buffer, start: number, end: number, count: number, cells: Cells): boolean {
  let k = 0;
  let p = start;
  for (;;) {
    if (k === count) return false;
    if (bytes[p] === QUOTE) {
      const close = bytes.indexOf(QUOTE, p + 1);
      if (close < 0 || close >= end) return false;
      let comma = false;
      for (let i = p + 1; i < close; i++) {
        const c = bytes[i]!;
        if (c === COMMA) comma = true;
        else if (c < SPACE || c === BACKSLASH || c >= 127) return false;
      }
      if (!comma) return false;
      cells.starts[k] = p + 1;
      cells.ends[k] = close;
      k++;
      if (close + 1 === end) break;
      if (bytes[close + 1] !== COMMA) return false;
      p = close + 2;
    } else {
      let q = p;
      for (; q < end; q++) {
        const c = bytes[q]!;
        if (c === COMMA) break;
        if (c < SPACE || c === QUOTE || c === BACKSLASH || c >= 127) return false;
      }
      cells.starts[k] = p;
      cells.ends[k] = q;
      k++;
      if (q === end) break;
      p = q + 1;
    }
  }
  return k === count;
}

/**
 * Whether csv-line.ts writes the value as it is or in quotes as it is (its edgeCare is not
 * BY_CSV_CELL), for the values of a plain line (printable ASCII): no space at either end, no
 * formula's first character unless a signed plain number.
 */
function keptAsItIs(bytes: Buffer, start: number, end: number): boolean {
  if (start === end) return true;
  const first = bytes[start]!;
  if (bytes[end - 1] === SPACE || first === SPACE || first === EQUALS || first === AT) return false;
  if (first === PLUS || first === MINUS) return isDecimalText(bytes.toString('latin1', start, end));
  return true;
}

/** A row's bytes written into a COPY block: copied from the file's line, constants, digits and text. */
class RowBytes {
  block: Buffer = Buffer.alloc(0);
  at = 0;
  private view: DataView = new DataView(new ArrayBuffer(0));
  private readonly views = new ViewOf();
  private source: Buffer = Buffer.alloc(0);
  private sourceView: DataView = this.view;

  begin(block: Buffer, at: number, source: Buffer, sourceView: DataView): void {
    this.block = block;
    this.view = this.views.of(block);
    this.at = at;
    this.source = source;
    this.sourceView = sourceView;
  }

  /** The source's bytes from `start` to `end`. */
  copy(start: number, end: number): void {
    this.at = copyBytes(this.block, this.view, this.at, this.source, this.sourceView, start, end - start);
  }

  constant({ bytes, view }: Constant): void {
    this.at = copyBytes(this.block, this.view, this.at, bytes, view, 0, bytes.length);
  }

  byte(value: number): void {
    this.block[this.at++] = value;
  }

  /** The digits of a non-negative integer. */
  digits(value: number): void {
    let count = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) count++;
    for (let i = this.at + count - 1, rest = value; i >= this.at; i--, rest = Math.floor(rest / 10))
      this.block[i] = 48 + (rest % 10);
    this.at += count;
  }

  /** A text as UTF-8 (a byte per character when it is ASCII, as property ids are). */
  text(text: string): void {
    const block = this.block;
    const start = this.at;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 128) {
        this.at = start + block.write(text, start, 'utf8');
        return;
      }
      block[start + i] = c;
    }
    this.at = start + text.length;
  }
}

/**
 * The taker readCsvBatches hands a chunk's bytes to (csv-reader.ts PlainLineTaker): writes each
 * plain row into `blocks`, counting it in `counts` as renderCopyRows would, and stops at the first
 * line that is not one (or at the chunk's unfinished last line). Null when the context's mapping's
 * rows cannot be plain rows.
 */
export function plainRowTaker(context: RenderContext, counts: RenderCounts, blocks: CopyBlocks): PlainLineTaker | null {
  const columns = plainColumns(context.mapping);
  if (!columns) return null;
  const { grid } = context;
  const head = constantOf(`${context.portfolioId}\t`);
  const cells = new Cells(columns.count);
  const sourceViews = new ViewOf();
  const out = new RowBytes();
  // The most bytes a row writes besides its values and placement: its constants, the row number's
  // digits, the tabs between values and the attributes' JSON.
  const fixedBytes =
    64 +
    head.bytes.length +
    NULL_TAB.bytes.length +
    AFTER_REF.bytes.length +
    BEFORE_LATITUDE.bytes.length +
    AFTER_LONGITUDE.bytes.length +
    LINE_END.bytes.length +
    columns.attributes.reduce((sum, { before }) => sum + before.bytes.length + 1, 0);
  const { starts, ends } = cells;

  return (bytes, start, rowNumber) => {
    const source = sourceViews.of(bytes);
    let rows = 0;
    let lineStart = start;
    for (;;) {
      const lf = bytes.indexOf(LF, lineStart);
      if (lf < 0) break;
      const lineEnd = lf > lineStart && bytes[lf - 1] === CR ? lf - 1 : lf;
      if (lineEnd === lineStart) {
        // A blank line: no record (parseRecords skips it).
        lineStart = lf + 1;
        continue;
      }
      if (!splitPlainLine(bytes, lineStart, lineEnd, columns.count, cells)) break;
      const { latitude: la, longitude: lo } = columns;
      // (The coordinates are plain decimals, asked below: csv-line.ts keeps those as they are.)
      let kept = true;
      for (let k = 0; k < columns.count && kept; k++)
        kept = k === la || k === lo || keptAsItIs(bytes, starts[k]!, ends[k]!);
      if (!kept) break;
      // readRow's point: both coordinates plain decimals in range, inside coverage.
      if (starts[la] === ends[la] || starts[lo] === ends[lo]) break;
      const lat = decimalBytesValue(bytes, starts[la]!, ends[la]!);
      const lng = decimalBytesValue(bytes, starts[lo]!, ends[lo]!);
      if (!(lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180) || !insideCoverage(lat, lng)) break;

      const row = rowNumber + rows + 1;
      rows++;
      counts.coordinates += 1;
      const placement = grid ? placementAtIngest(grid, lat, lng) : null;
      if (grid && placement === null && counts.unplaced.length <= UNPLACED_ROWS_KEPT) counts.unplaced.push(row);
      const placementText = placement === null ? '\\N' : copyText(placement);

      const id = columns.id;
      const refLength = id === undefined ? 0 : ends[id]! - starts[id]!;
      let valueBytes = refLength + ends[la]! - starts[la]! + ends[lo]! - starts[lo]! + (lineEnd - lineStart);
      for (const { column } of columns.attributes) valueBytes += ends[column]! - starts[column]!;
      out.begin(blocks.room(fixedBytes + valueBytes + placementText.length * 3), blocks.position, bytes, source);
      out.constant(head);
      out.digits(row);
      out.byte(TAB);
      out.constant(NULL_TAB); // raw_values: the line holds the values
      if (refLength) out.copy(starts[id!]!, ends[id!]!);
      else out.constant(NULL);
      out.constant(AFTER_REF);
      // The attributes' JSON: the values need no escaping (plain).
      let any = false;
      for (const { column, before } of columns.attributes) {
        if (starts[column] === ends[column]) continue;
        out.constant(before);
        if (!any) out.block[out.at - before.bytes.length] = OPEN_BRACE; // in place of the first comma
        any = true;
        out.copy(starts[column]!, ends[column]!);
        out.byte(QUOTE);
      }
      if (!any) out.byte(OPEN_BRACE);
      out.byte(CLOSE_BRACE);
      out.constant(BEFORE_LATITUDE);
      out.copy(starts[la]!, ends[la]!);
      out.byte(TAB);
      out.copy(starts[lo]!, ends[lo]!);
      out.constant(AFTER_LONGITUDE);
      out.copy(lineStart, lineEnd);
      out.byte(TAB);
      out.text(placementText);
      out.constant(LINE_END);
      blocks.advance(out.at);
      lineStart = lf + 1;
    }
    return { end: lineStart, rows };
  };
}
