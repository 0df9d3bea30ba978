import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { FlushingFile, flushEveryBytes } from '../src/storage/flushing-file.js';

/**
 * Issue 46: a blob (an upload, a stored export) is made durable as it is written, a few MiB at a
 * time, instead of being left to the kernel's writeback in one burst beside the lookups' commits.
 */
const temp = mkdtempSync(path.join(os.tmpdir(), 'zview-flushing-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const MiB = 1024 * 1024;

describe('a flushing file', () => {
  it('writes every byte and flushes every flushEvery bytes and at the end', async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(MiB / 4, i));
    const file = new FlushingFile(path.join(temp, 'a'), MiB);
    await pipeline(Readable.from(chunks), file);
    expect(readFileSync(path.join(temp, 'a')).equals(Buffer.concat(chunks))).toBe(true);
    // 10 MiB in quarter-MiB chunks: a flush after each whole MiB (10); nothing is left for the end.
    expect(file.flushes).toBe(10);
  });

  it('flushes the tail shorter than flushEvery when it ends', async () => {
    const file = new FlushingFile(path.join(temp, 'b'), MiB);
    await pipeline(Readable.from([Buffer.from('id,address\n1,1 Main St\n')]), file);
    expect(readFileSync(path.join(temp, 'b'), 'utf8')).toBe('id,address\n1,1 Main St\n');
    expect(file.flushes).toBe(1);
  });

  it('fails the pipeline when the file cannot be opened', async () => {
    const file = new FlushingFile(path.join(temp, 'no-such-folder', 'c'), MiB);
    await expect(pipeline(Readable.from([Buffer.from('x')]), file)).rejects.toThrow(/ENOENT/);
  });

  it('is 4 MiB unless BLOB_FLUSH_BYTES says otherwise; 0 never flushes', async () => {
    expect(flushEveryBytes({})).toBe(4 * MiB);
    expect(flushEveryBytes({ BLOB_FLUSH_BYTES: String(MiB) })).toBe(MiB);
    expect(flushEveryBytes({ BLOB_FLUSH_BYTES: 'lots' })).toBe(4 * MiB);
    const file = new FlushingFile(path.join(temp, 'd'), flushEveryBytes({ BLOB_FLUSH_BYTES: '0' }));
    await pipeline(Readable.from([Buffer.alloc(2 * MiB)]), file);
    expect(file.flushes).toBe(0);
    expect(readFileSync(path.join(temp, 'd')).length).toBe(2 * MiB);
  });
});
