/**
 * Bytes copied and checked four at a time, through DataViews, for the CSV export's writer
 * (export-csv.ts): a byte loop pays a bounds check per byte, Buffer.copy a view per call, and a
 * million rows are ~150 million bytes (issue 22). Pure, no I/O.
 */

const SPACE = 32;
const ONES = 0x01010101;
const HIGHS = 0x80808080 | 0;

/** A DataView of a Buffer, made again only when the Buffer changes (the COPY reader moves to a new chunk). */
export class ViewOf {
  private buffer: Buffer | null = null;
  private view: DataView = new DataView(new ArrayBuffer(0));

  of(buffer: Buffer): DataView {
    if (buffer !== this.buffer) {
      this.buffer = buffer;
      this.view = new DataView(buffer.buffer, buffer.byteOffset, buffer.length);
    }
    return this.view;
  }
}

/** Copies `length` bytes of `source` from `start` into `target` at `to`; returns where they end. */
export function copyBytes(
  target: Buffer,
  targetView: DataView,
  to: number,
  source: Buffer,
  sourceView: DataView,
  start: number,
  length: number,
): number {
  const end = start + length;
  for (; start + 4 <= end; start += 4, to += 4) targetView.setInt32(to, sourceView.getInt32(start, true), true);
  while (start < end) target[to++] = source[start++]!;
  return to;
}

/** Whether one of the four bytes of `word` is zero (exact for whether any is, the classic bit trick). */
function hasZeroByte(word: number): boolean {
  return ((word - ONES) & ~word & HIGHS) !== 0;
}

/**
 * Whether one of the four bytes of `word` is not what a plain cell holds: below a space, DEL or
 * beyond ASCII, a quote or a comma.
 */
function needsCare(word: number): boolean {
  return (
    ((word - 0x20202020) & ~word & HIGHS) !== 0 || // a byte below 0x20
    (word & HIGHS) !== 0 || // beyond ASCII
    hasZeroByte(word ^ 0x7f7f7f7f) ||
    hasZeroByte(word ^ 0x22222222) ||
    hasZeroByte(word ^ 0x2c2c2c2c)
  );
}

/**
 * Writes a text field's bytes as its cell where they are what csvCell leaves as it is: printable
 * ASCII with no quote or comma, not starting with = + - @ nor starting or ending with a space (so
 * nothing to neutralise, quote or decode); returns where they end. -1 for any other text (the
 * bytes written past `to` are then left to be overwritten).
 */
export function plainCell(
  target: Buffer,
  targetView: DataView,
  to: number,
  source: Buffer,
  sourceView: DataView,
  start: number,
  end: number,
): number {
  const first = source[start];
  if (first === SPACE || first === 61 || first === 43 || first === 45 || first === 64 || source[end - 1] === SPACE)
    return -1;
  for (; start + 4 <= end; start += 4, to += 4) {
    const word = sourceView.getInt32(start, true);
    if (needsCare(word)) return -1;
    targetView.setInt32(to, word, true);
  }
  while (start < end) {
    const c = source[start++]!;
    if (c < SPACE || c > 126 || c === 34 || c === 44) return -1;
    target[to++] = c;
  }
  return to;
}
