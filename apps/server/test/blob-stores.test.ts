import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBlobStore, type BlobStore } from '../src/storage/blob-store.js';
import { S3BlobStore } from '../src/storage/s3-blob-store.js';

/**
 * One behaviour, two stores: the local directory of one machine and an S3-compatible object store
 * (s3rver on loopback, path-style, as MinIO or Ceph would be addressed).
 */
const temp = mkdtempSync(path.join(os.tmpdir(), 'zview-blobs-'));
let s3server: { close(): Promise<void> };
let s3: S3BlobStore;

beforeAll(async () => {
  s3server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(temp, 's3'),
    configureBuckets: [{ name: 'zview-test' }],
  });
  const { port } = (await (s3server as unknown as { run(): Promise<{ port: number }> }).run()) as { port: number };
  s3 = new S3BlobStore({
    bucket: 'zview-test',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix: 'deployment-a',
  });
});

afterAll(async () => {
  s3?.close();
  await s3server?.close();
  rmSync(temp, { recursive: true, force: true });
});

const stores: [string, () => BlobStore][] = [
  ['local directory', () => new LocalBlobStore(path.join(temp, 'local'))],
  ['S3-compatible store', () => s3],
];

describe.each(stores)('%s', (_name, store) => {
  it('streams a blob in and out, whole and by byte range, and reports its size', async () => {
    const body = 'id,address\n' + Array.from({ length: 5000 }, (_, i) => `${i},${i} Main St`).join('\n');
    const written = await store().write('uploads/42/abc.csv', Readable.from([Buffer.from(body)]));
    expect(written).toBe(Buffer.byteLength(body));
    expect(await store().size('uploads/42/abc.csv')).toBe(written);
    expect(await text(store().read('uploads/42/abc.csv'))).toBe(body);
    expect(await text(store().read('uploads/42/abc.csv', { start: 3, end: 9 }))).toBe(body.slice(3, 10));
  });

  it('writes a large blob in parts without holding it whole', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const parts = 20;
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < parts; i++) yield chunk;
      })(),
    );
    expect(await store().write('exports/big.csv', source)).toBe(parts * chunk.length);
    expect(await store().size('exports/big.csv')).toBe(parts * chunk.length);
  });

  it('answers null for a missing blob, deletes, and refuses keys that are not ours', async () => {
    expect(await store().size('uploads/none/missing.csv')).toBeNull();
    await store().write('tmp/x.csv', Readable.from([Buffer.from('x')]));
    await store().delete('tmp/x.csv');
    expect(await store().size('tmp/x.csv')).toBeNull();
    expect(() => store().read('../etc/passwd')).toThrow(/Invalid blob key/);
  });

  it('leaves no blob behind when the source fails half-way', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 'y'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store().write('uploads/failed.csv', failing)).rejects.toThrow();
    expect(await store().size('uploads/failed.csv')).toBeNull();
  });

  it('fails a read of a missing blob as a stream error', async () => {
    await expect(text(store().read('uploads/none/missing.csv'))).rejects.toThrow();
  });
});
