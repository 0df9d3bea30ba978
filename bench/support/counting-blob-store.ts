import { PassThrough, type Readable } from 'node:stream';
import type { BlobStore } from '../../apps/server/src/storage/blob-store.js';

/**
 * A blob store that counts the reads (GET requests, ranged or whole) made through it and the
 * bytes they returned: what a tile costs the object store, whatever the machine's load.
 */
export class CountingBlobStore implements BlobStore {
  readonly counts = { reads: 0, bytes: 0 };

  constructor(private readonly inner: BlobStore) {}

  write(key: string, source: Readable): Promise<number> {
    return this.inner.write(key, source);
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    this.counts.reads++;
    const counted = new PassThrough();
    const source = this.inner.read(key, range);
    source.on('error', (error) => counted.destroy(error));
    counted.on('data', (chunk: Buffer) => (this.counts.bytes += chunk.length));
    return source.pipe(counted);
  }

  size(key: string): Promise<number | null> {
    return this.inner.size(key);
  }

  delete(key: string): Promise<void> {
    return this.inner.delete(key);
  }
}
