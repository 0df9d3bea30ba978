import { int32, type CopyTuple } from './copy-binary.js';
import { csvCell } from '../../spreadsheet/csv-cell.js';
import type { ExportLayout } from './export-layout.js';
import { joinedExportRows } from './export-join.js';
import { copyBytes, plainCell, ViewOf } from './csv-bytes.js';
import { CSV_LINE_FIELD, isFloat8, originalValuesOf, RESULT_FIELDS } from './export-rows.js';

/**
 * The CSV lines of an export (CRLF) from its binary COPYs, written as bytes: a row's csv_line and
 * most result cells go from the COPY's bytes (or a cached cell's) straight into the output, with
 * no string made per row. Decoding each row to strings, splitting and re-encoding it took the API
 * more CPU than PostgreSQL took for the COPY (issue 22).
 */

/** The output goes in blocks of about this many bytes. */
const BLOCK_SIZE = 128 * 1024;

/** Distinct values remembered per result column: scores, levels, factor names and problems repeat. */
const CELL_CACHE_LIMIT = 10_000;

const COMMA = 44;

/** CSV bytes gathered in blocks of BLOCK_SIZE: rows are written at `used` in `block`, which goes to `push` once the next row might not fit. */
class CsvBlocks {
  block: Buffer = Buffer.allocUnsafe(BLOCK_SIZE);
  view: DataView = new DataView(this.block.buffer, this.block.byteOffset, this.block.length);
  used = 0;

  constructor(private readonly push: (block: Buffer) => void) {}

  /** Room for `size` more bytes: the block goes if they might not fit (a longer row gets a block its size). */
  reserve(size: number): void {
    if (this.used + size <= this.block.length) return;
    this.flush();
    if (size > this.block.length) this.setBlock(Buffer.allocUnsafe(size));
  }

  private setBlock(block: Buffer): void {
    this.block = block;
    this.view = new DataView(block.buffer, block.byteOffset, block.length);
  }

  /** Hands over what is in the block. */
  flush(): void {
    if (!this.used) return;
    this.push(this.block.subarray(0, this.used));
    this.setBlock(Buffer.allocUnsafe(BLOCK_SIZE));
    this.used = 0;
  }
}

/**
 * Writes the bytes of `source` from `start` to `end` into `block` at `to`; returns where they end.
 * A loop for a few dozen bytes (a cell, a short line): Buffer.copy makes a view per call, slower.
 */
function put(block: Buffer, to: number, source: Buffer, start: number, end: number): number {
  if (end - start > 64) return to + source.copy(block, to, start, end);
  while (start < end) block[to++] = source[start++]!;
  return to;
}

/**
 * A float8 column's cells (score, confidence) by the field's 8 bytes, the double itself, in an
 * open-addressed table: a score repeats (one decimal, ~1,000 values), so nearly every row is a
 * hit, found with no double read and no Map lookup. Up to CELL_CACHE_LIMIT values are kept (the
 * table at most ~60% full); past that a value not in it is made again each time, by csvCell as
 * every cell is.
 */
const FLOAT_BITS = 14;
const FLOAT_SLOTS = 1 << FLOAT_BITS;

class FloatCells {
  private readonly highs = new Int32Array(FLOAT_SLOTS);
  private readonly lows = new Int32Array(FLOAT_SLOTS);
  private readonly cells = new Array<Buffer | undefined>(FLOAT_SLOTS).fill(undefined);
  private size = 0;

  cell(data: Buffer, at: number): Buffer {
    const high = int32(data, at);
    const low = int32(data, at + 4);
    const { highs, lows, cells } = this;
    let slot = Math.imul(high ^ Math.imul(low, 0x9e3779b1), 0x85ebca6b) >>> (32 - FLOAT_BITS);
    for (let cell = cells[slot]; cell !== undefined; cell = cells[slot]) {
      if (highs[slot] === high && lows[slot] === low) return cell;
      slot = (slot + 1) & (FLOAT_SLOTS - 1);
    }
    const cell = Buffer.from(csvCell(String(data.readDoubleBE(at))));
    if (this.size < CELL_CACHE_LIMIT) {
      this.size++;
      highs[slot] = high;
      lows[slot] = low;
      cells[slot] = cell;
    }
    return cell;
  }
}

/**
 * A text column's cells where plainCell cannot write the field as it is: made by csvCell once per
 * distinct value (levels, factor names and problems repeat) and kept as bytes.
 */
function textCell(cache: Map<string, Buffer>, text: string): Buffer {
  let cell = cache.get(text);
  if (cell === undefined) {
    cell = Buffer.from(csvCell(text));
    if (cache.size < CELL_CACHE_LIMIT) cache.set(text, cell);
  }
  return cell;
}

/** A row's original cells rendered from its values (those of `original`, in order). */
function originalCells(values: readonly string[], original: readonly number[]): string {
  let csv = '';
  for (let k = 0; k < original.length; k++) csv += (k ? ',' : '') + csvCell(values[original[k]!] ?? '');
  return csv;
}

/**
 * The export's two binary COPYs in (its rows and their results, export-join.ts), CSV lines out,
 * a chunk at a time (the event loop is never held long) and in blocks of BLOCK_SIZE. With
 * `rendered` (every original column), a row's original cells are its csv_line, rendered at
 * ingest; rows without one, and every row of a chosen subset of columns, are rendered here from
 * their values (raw_values, or the exact csv_line).
 */
export async function* csvRows(
  layout: ExportLayout,
  rendered: boolean,
  rowChunks: AsyncIterable<Buffer>,
  resultChunks: AsyncIterable<Buffer> | null,
): AsyncGenerator<Buffer> {
  const { original } = layout;
  const columns = layout.extra.map((column) => ({
    resultField: RESULT_FIELDS[column].result ?? -1,
    rowField: RESULT_FIELDS[column].row ?? -1,
    floats: RESULT_FIELDS[column].float ? new FloatCells() : null,
    texts: new Map<string, Buffer>(),
  }));
  const ready: Buffer[] = [];
  const blocks = new CsvBlocks((block) => ready.push(block));
  // DataViews of the chunks the rows' and the results' tuples are in (csv-bytes.ts).
  const rowViews = new ViewOf();
  const resultViews = new ViewOf();
  // The result cells of a row, after the original ones: a comma before each (before the first
  // only when original cells come first); returns where they end.
  const renderCells = (block: Buffer, view: DataView, to: number, row: CopyTuple, result: CopyTuple | null): number => {
    let comma = original.length > 0;
    for (const { resultField, rowField, floats, texts } of columns) {
      if (comma) block[to++] = COMMA;
      comma = true;
      // The result's field, else the row's (sourceTuple's rule, inline on this hot path); NULL is
      // an empty cell, as is empty text.
      let tuple: CopyTuple;
      let field: number;
      if (result !== null && resultField !== -1 && result.lengths[resultField] !== -1) {
        tuple = result;
        field = resultField;
      } else if (rowField !== -1 && row.lengths[rowField] !== -1) {
        tuple = row;
        field = rowField;
      } else continue;
      const { data } = tuple;
      const start = tuple.starts[field]!;
      const length = tuple.lengths[field]!;
      let cell: Buffer;
      if (floats) {
        if (!isFloat8(tuple.lengths, field)) continue;
        cell = floats.cell(data, start);
      } else {
        if (length <= 0) continue;
        const dataView = tuple === row ? rowViews.of(data) : resultViews.of(data);
        const plain = plainCell(block, view, to, data, dataView, start, start + length);
        if (plain !== -1) {
          to = plain;
          continue;
        }
        cell = textCell(texts, data.toString('utf8', start, start + length));
      }
      to = put(block, to, cell, 0, cell.length);
    }
    return to;
  };
  const write = (row: CopyTuple, result: CopyTuple | null) => {
    const line = rendered ? row.lengths[CSV_LINE_FIELD]! : -1;
    const csv = original.length && line === -1 ? originalCells(originalValuesOf(row), original) : '';
    // All the row may take, so that it is written with no check: its csv_line, a result cell at
    // most twice its field's bytes and 3 (a text cell quoted, each quote doubled, an apostrophe)
    // or 28 (a float8's: 8 bytes), a comma before each cell, CRLF; UTF-8 of `csv`.
    blocks.reserve(2 * (row.size + (result?.size ?? 0)) + 32 * columns.length + 2 + 3 * csv.length);
    const { block, view } = blocks;
    let to = blocks.used;
    const rowData = row.data;
    const rowView = rowViews.of(rowData);
    if (line !== -1) to = copyBytes(block, view, to, rowData, rowView, row.starts[CSV_LINE_FIELD]!, line);
    else if (csv) to += block.write(csv, to);
    if (columns.length) to = renderCells(block, view, to, row, result);
    block[to++] = 13;
    block[to++] = 10;
    blocks.used = to;
  };
  for await (const join of joinedExportRows(rowChunks, resultChunks)) {
    while (join.next()) write(join.row, join.result);
    if (ready.length) yield* ready.splice(0);
  }
  blocks.flush();
  yield* ready.splice(0);
}
