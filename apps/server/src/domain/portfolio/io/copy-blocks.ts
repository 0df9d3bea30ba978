/** COPY data is sent in blocks of about this many bytes (one message per row would be slow). */
const COPY_BLOCK = 256 * 1024;

/**
 * COPY lines gathered as UTF-8 in blocks of about `size` bytes, each line encoded as it comes.
 * Joining the lines into one string per block made V8 flatten a rope of thousands of pieces before
 * encoding it: a fifth of the worker's ingest (bench:ingest-node).
 */
export class CopyBlocks {
  private block: Buffer;
  private used = 0;
  /** Blocks filled and not taken yet. */
  private readonly full: Buffer[] = [];

  constructor(private readonly size = COPY_BLOCK) {
    this.block = Buffer.allocUnsafe(size);
  }

  add(line: string): void {
    // A UTF-16 unit is at most 3 bytes of UTF-8: a line that may not fit starts a new block.
    const block = this.room(line.length * 3);
    this.used += block.write(line, this.used);
  }

  /**
   * The block to write up to `most` bytes into, at `position` (ingest-plain-rows.ts writes a row's
   * bytes there itself, then `advance`s): a new block when they may not fit.
   */
  room(most: number): Buffer {
    if (this.used + most > this.block.length) {
      this.finishBlock();
      if (most > this.block.length) this.block = Buffer.allocUnsafe(most);
    }
    return this.block;
  }

  get position(): number {
    return this.used;
  }

  /** Marks the block written up to `to` (a position in the block `room` gave). */
  advance(to: number): void {
    this.used = to;
  }

  /** The blocks filled so far; with `all`, the last one partly filled too. */
  take(all = false): Buffer[] {
    if (all) this.finishBlock();
    return this.full.splice(0);
  }

  private finishBlock(): void {
    if (!this.used) return;
    this.full.push(this.block.subarray(0, this.used));
    this.block = Buffer.allocUnsafe(this.size);
    this.used = 0;
  }
}
