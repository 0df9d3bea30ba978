import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Rendered imagery on disk (DATA_DIR/imagery), keyed by everything that determines the bytes.
 * Writes go to a temporary file and are renamed into place, so a reader never sees half a file
 * and processes sharing the directory may race harmlessly. Concurrent requests for the same key
 * in one process share one render. (An S3-compatible object store can replace the directory
 * behind the same three methods.)
 */
export class ImageCache {
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  constructor(readonly dir: string) {}

  private fileFor(key: string): string {
    const hash = createHash('sha256').update(key).digest('hex');
    return path.join(this.dir, hash.slice(0, 2), `${hash}.bin`);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.fileFor(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.fileFor(key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file);
  }

  /** The cached bytes, or renders, stores and returns them; `hit` says which. */
  async getOrCreate(key: string, render: () => Promise<Buffer>): Promise<{ data: Buffer; hit: boolean }> {
    const cached = await this.get(key);
    if (cached) return { data: cached, hit: true };
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = (async () => {
        const data = await render();
        await this.put(key, data);
        return data;
      })().finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return { data: await pending, hit: false };
  }
}
