import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { observed, Utf8Check } from './uploads.js';

/** The bytes pushed in pieces of `size` (cutting multi-byte sequences anywhere). */
function checkInPieces(bytes: Buffer, size: number): boolean {
  const check = new Utf8Check();
  for (let i = 0; i < bytes.length; i += size) check.push(bytes.subarray(i, i + size));
  return check.end();
}

describe('Utf8Check (issue 12: the encoding is found as the upload is stored, never by reading it again)', () => {
  const utf8 = Buffer.from('id,city\n1,Zürich\n2,São Paulo\n3,東京\n4,😀 emoji\n', 'utf8');
  const cp1252 = Buffer.concat([
    Buffer.from(`${'id,city\n'}${'1,Plain Town\n'.repeat(10_000)}`),
    Buffer.from([0x32, 0x2c, 0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68, 0x0a]),
  ]);

  it('accepts UTF-8 however the chunks cut its multi-byte sequences', () => {
    for (const size of [1, 2, 3, 5, 7, 64 * 1024]) expect(checkInPieces(utf8, size)).toBe(true);
  });

  it('refuses Windows-1252 text whose first accent comes after the first 64 KB', () => {
    expect(cp1252.length).toBeGreaterThan(64 * 1024);
    for (const size of [3, 4096, 64 * 1024]) expect(checkInPieces(cp1252, size)).toBe(false);
  });

  it('refuses a sequence cut at the very end of the file, and stray continuation bytes', () => {
    expect(checkInPieces(Buffer.from([0x61, 0xe6, 0x9d]), 1)).toBe(false);
    expect(checkInPieces(Buffer.from([0x61, 0x80, 0x80, 0x80, 0x80, 0x62]), 2)).toBe(false);
    expect(checkInPieces(Buffer.from([0xc0, 0xaf]), 1)).toBe(false);
  });

  it('passes the stream through unchanged, with its errors', async () => {
    const check = new Utf8Check();
    const out: Buffer[] = [];
    for await (const chunk of observed(
      Readable.from([utf8.subarray(0, 20), utf8.subarray(20)], { objectMode: false }),
      check,
    ))
      out.push(chunk as Buffer);
    expect(Buffer.concat(out).equals(utf8)).toBe(true);
    expect(check.end()).toBe(true);
    const failing = new Readable({
      read() {
        this.destroy(Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' }));
      },
    });
    await expect(async () => {
      for await (const chunk of observed(failing, new Utf8Check())) void chunk;
    }).rejects.toMatchObject({ code: 'FST_REQ_FILE_TOO_LARGE' });
  });
});
