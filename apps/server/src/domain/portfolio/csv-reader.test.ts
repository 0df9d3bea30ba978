import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-reader.js';

async function read(text: string, delimiter: ',' | ';' | '\t' = ',') {
  const items = [];
  for await (const item of readCsv(Readable.from([Buffer.from(text, 'utf8')]), delimiter)) items.push(item);
  return items;
}

describe('readCsv', () => {
  it('reads quoted fields with commas, quotes, newlines and a BOM, skipping blank lines', async () => {
    expect(await read('\uFEFFid,note\r\n1,"a, ""b""\nc"\r\n\r\n2,\r\n')).toEqual([
      { header: ['id', 'note'] },
      { rowNumber: 1, values: ['1', 'a, "b"\nc'], problem: null },
      { rowNumber: 2, values: ['2', ''], problem: null },
    ]);
  });

  it('keeps short and long rows, and quotes inside unquoted text', async () => {
    expect(await read('a;b\n1\n1;2;3\n5" pipe;x\n', ';')).toEqual([
      { header: ['a', 'b'] },
      { rowNumber: 1, values: ['1'], problem: null },
      { rowNumber: 2, values: ['1', '2', '3'], problem: null },
      { rowNumber: 3, values: ['5" pipe', 'x'], problem: null },
    ]);
  });

  it('turns an unreadable line into a row with a reason instead of failing the file', async () => {
    const items = await read('id,lat,lon\nA,30,-97\n"B,31,-96\n');
    expect(items[1]).toEqual({ rowNumber: 1, values: ['A', '30', '-97'], problem: null });
    expect(items[2]).toMatchObject({ rowNumber: 2, values: [], problem: expect.stringContaining('could not be read') });
  });
});
