import { open, type FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';

/**
 * How much a blob write leaves unflushed at most: BLOB_FLUSH_BYTES, default 4 MiB; 0 flushes never
 * (the kernel writes the file out when it likes, as before: for measuring against).
 */
export function flushEveryBytes(env: NodeJS.ProcessEnv = process.env): number {
  const set = Number(env.BLOB_FLUSH_BYTES ?? NaN);
  if (set === 0) return Infinity;
  return Number.isInteger(set) && set > 0 ? set : 4 * 1024 * 1024;
}

/**
 * A file written and made durable as it goes (issue 46): every `flushEvery` bytes it waits for
 * fdatasync, and once more at the end, so a finished blob is on the disk before it is renamed into
 * place. Left to the kernel, an upload's or a stored export's pages were written out in one burst
 * about 30 s later (the dirty pages' expiry), where every lookup's commit, a WAL flush, queued
 * behind them: on a virtual disk a flush waits for everything written before it. The syncs run on
 * libuv's pool, never on the event loop.
 */
export class FlushingFile extends Writable {
  private handle: FileHandle | undefined;
  private unflushed = 0;
  /** fdatasync calls so far (tests). */
  flushes = 0;

  constructor(
    private readonly path: string,
    private readonly flushEvery = flushEveryBytes(),
  ) {
    super();
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.path, 'w').then(
      (handle) => {
        this.handle = handle;
        callback();
      },
      (error: Error) => callback(error),
    );
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.writeAll(chunk).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flush()
      .then(() => this.close())
      .then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.close().then(
      () => callback(error),
      () => callback(error),
    );
  }

  private async writeAll(chunk: Buffer) {
    let written = 0;
    while (written < chunk.length) written += (await this.handle!.write(chunk, written)).bytesWritten;
    this.unflushed += chunk.length;
    if (this.unflushed >= this.flushEvery) await this.flush();
  }

  private async flush() {
    if (!this.handle || this.unflushed === 0 || this.flushEvery === Infinity) return;
    this.unflushed = 0;
    this.flushes += 1;
    await this.handle.datasync();
  }

  private async close() {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close();
  }
}
