/**
 * PostgreSQL's binary COPY format read as it streams in (`COPY … TO STDOUT (FORMAT binary)`): the
 * export reads its rows this way (export-csv.ts, and export.ts for XLSX), each field's bytes where
 * they are, with no text to split or unescape and no string made per row. Pure, no I/O.
 *
 * The format: an 11-byte signature, an int32 of flags, an int32 length of a header extension and
 * that many bytes; then per tuple an int16 field count and per field an int32 length (-1 for
 * NULL) and that many bytes; an int16 -1 ends the data. Integers are big-endian.
 */

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** The signature, the flags and the header extension's length. */
const HEADER_SIZE = SIGNATURE.length + 8;

/** One tuple as the reader hands it over: valid only during the call (the object and arrays are reused). */
export interface CopyTuple {
  /** The bytes the fields are in. */
  data: Buffer;
  /** Where each field starts in `data`. */
  starts: Int32Array;
  /** Each field's length in bytes, -1 for NULL. */
  lengths: Int32Array;
  /** How many fields the tuple has (the arrays may be longer). */
  count: number;
  /** How many bytes the tuple takes in the COPY (its fields' bytes, their lengths, its field count). */
  size: number;
}

/**
 * Chunks of a binary COPY in (`push`), tuples out one at a time (`next`, into `tuple`), in order:
 * the consumer's own loop calls next, so what it does with each tuple is not a callback V8 has to
 * guess at. A tuple cut by a chunk's end waits, with the chunks after it kept as they are, until
 * they hold what is needed next (a field's length, or the rest of the tuple): a long tuple is
 * joined a few times at most, not once per chunk.
 */
export class BinaryCopyReader {
  /** The tuple next() read last: valid until the next call (the object and arrays are reused). */
  readonly tuple: CopyTuple = {
    data: Buffer.alloc(0),
    starts: new Int32Array(16),
    lengths: new Int32Array(16),
    count: 0,
    size: 0,
  };
  /** The bytes being read, from `at`. */
  private data: Buffer = Buffer.alloc(0);
  /** `data` as a DataView: a field's length is one read, not four bytes put together. */
  private view: DataView = new DataView(new ArrayBuffer(0));
  private at = 0;
  /** Chunks pushed after `data`, not joined to it yet. */
  private chunks: Buffer[] = [];
  private chunksSize = 0;
  /** How many bytes from `at` the next read needs at least. */
  private needed = HEADER_SIZE;
  private headerRead = false;
  private ended = false;

  push(chunk: Buffer): void {
    if (!chunk.length) return;
    this.chunks.push(chunk);
    this.chunksSize += chunk.length;
  }

  /** Reads the next tuple into `tuple`; false when the chunks pushed so far hold no whole one more. */
  next(): boolean {
    for (;;) {
      if (this.data.length - this.at >= this.needed && this.read()) return true;
      if (!this.chunksSize || this.data.length - this.at + this.chunksSize < this.needed) return false;
      const rest = this.data.subarray(this.at);
      const parts = rest.length ? [rest, ...this.chunks] : this.chunks;
      this.data = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
      this.view = new DataView(this.data.buffer, this.data.byteOffset, this.data.length);
      this.at = 0;
      this.chunks = [];
      this.chunksSize = 0;
    }
  }

  /** The COPY is over: throws unless it ended with its trailer and nothing after it. */
  end(): void {
    if (!this.ended || this.at < this.data.length || this.chunksSize)
      throw new Error('The COPY data ended part-way through.');
  }

  /**
   * Reads the header if it is still to come, then a tuple (or the trailer) from `at` in `data`:
   * true with a tuple read; false, with `needed` set, when `data` does not hold it whole.
   */
  private read(): boolean {
    const data = this.data;
    const size = data.length;
    let at = this.at;
    if (!this.headerRead) {
      if (!data.subarray(at, at + SIGNATURE.length).equals(SIGNATURE)) throw new Error('Not a binary COPY.');
      // The upper half of the flags is for changes a reader must know about (bit 16: each tuple has an OID).
      if (data.readUInt32BE(at + SIGNATURE.length) >>> 16)
        throw new Error('A binary COPY with flags this reader does not know.');
      const headerSize = HEADER_SIZE + data.readInt32BE(at + SIGNATURE.length + 4);
      if (at + headerSize > size) return this.wait(headerSize);
      this.headerRead = true;
      this.at = at += headerSize;
    }
    let count: number;
    for (;;) {
      if (this.ended) {
        if (at < size) throw new Error('Data after the end of a binary COPY.');
        return this.wait(1);
      }
      if (at + 2 > size) return this.wait(2);
      count = int16(data, at);
      if (count !== -1) break;
      this.ended = true;
      this.at = at += 2;
    }
    const tuple = this.tuple;
    if (count > tuple.starts.length) {
      tuple.starts = new Int32Array(count);
      tuple.lengths = new Int32Array(count);
    }
    const { starts, lengths } = tuple;
    const view = this.view;
    let next = at + 2;
    for (let i = 0; i < count; i++) {
      if (next + 4 > size) return this.wait(next + 4 - at);
      const length = view.getInt32(next);
      next += 4;
      starts[i] = next;
      lengths[i] = length;
      if (length > 0) next += length;
    }
    if (next > size) return this.wait(next - at);
    tuple.data = data;
    tuple.count = count;
    tuple.size = next - at;
    this.at = next;
    this.needed = 2;
    return true;
  }

  /** Stops reading until `needed` bytes from `at` are in; returns false. */
  private wait(needed: number): false {
    this.needed = needed;
    return false;
  }
}

// Big-endian integers read inline: Buffer's readInt32BE checks its arguments on every call (a
// million rows are ten million reads).
function int16(data: Buffer, at: number): number {
  return ((data[at]! << 24) | (data[at + 1]! << 16)) >> 16;
}

/** The signed big-endian int32 at `at` (an int4 field such as a row number, half of a float8's bytes for export-csv.ts). */
export function int32(data: Buffer, at: number): number {
  return (data[at]! << 24) | (data[at + 1]! << 16) | (data[at + 2]! << 8) | data[at + 3]!;
}
