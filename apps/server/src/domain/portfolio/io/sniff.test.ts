import { describe, expect, it } from 'vitest';
import { EMPTY_FILE_MESSAGE, NOT_CSV_MESSAGE, sniffCsv } from './sniff.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('sniffCsv', () => {
  it('detects comma, semicolon and tab delimiters', () => {
    expect(sniffCsv(bytes('a,b,c\n1,2,3\n'), true)).toEqual({ ok: true, hasBom: false, delimiter: ',' });
    expect(sniffCsv(bytes('a;b;c\n1;2;3\n'), true)).toMatchObject({ delimiter: ';' });
    expect(sniffCsv(bytes('a\tb\tc\n'), true)).toMatchObject({ delimiter: '\t' });
  });

  it('ignores delimiters inside quoted header names', () => {
    expect(sniffCsv(bytes('"a;b",c,d\n'), true)).toMatchObject({ delimiter: ',' });
  });

  it('detects a UTF-8 byte-order mark', () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('address\n1 Main St\n')]);
    expect(sniffCsv(withBom, true)).toEqual({ ok: true, hasBom: true, delimiter: ',' });
  });

  it('refuses binary files, non-UTF-8 text and empty files', () => {
    expect(sniffCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), true)).toEqual({
      ok: false,
      message: NOT_CSV_MESSAGE,
    });
    expect(sniffCsv(new Uint8Array([0x61, 0x2c, 0xe9, 0x0a]), true)).toMatchObject({
      ok: false,
      message: expect.stringContaining('UTF-8'),
    });
    expect(sniffCsv(bytes(' \n'), true)).toEqual({ ok: false, message: EMPTY_FILE_MESSAGE });
  });

  it('accepts a sample cut inside a multi-byte character', () => {
    const text = bytes('name,city\nJosé,Zürich\n');
    expect(sniffCsv(text.subarray(0, text.length - 4), false)).toMatchObject({ ok: true });
  });
});
