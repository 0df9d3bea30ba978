import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../spreadsheet/csv-cell.js';
import { exactCsvLine } from './csv-line.js';
import { QUOTE_PROBLEM, readCsv, type CsvItem } from './csv-reader.js';
import { plainValues } from '../pipeline/ingest-render.js';

async function readItems(text: string, delimiter: ',' | ';' | '\t' = ',', chunkBytes = Infinity) {
  const bytes = Buffer.from(text, 'utf8');
  const chunks = [];
  for (let i = 0; i < bytes.length; i += Math.min(chunkBytes, bytes.length))
    chunks.push(bytes.subarray(i, i + chunkBytes));
  const items: CsvItem[] = [];
  for await (const item of readCsv(Readable.from(chunks), delimiter)) items.push(item);
  return items;
}

/** The items read, without each record's plainLine (its own tests are below). */
async function read(text: string, delimiter: ',' | ';' | '\t' = ',', chunkBytes = Infinity) {
  return (await readItems(text, delimiter, chunkBytes)).map((item) => {
    if ('header' in item) return item;
    const { plainLine: _line, ...record } = item;
    return record;
  });
}

/** The plainLine of each record read. */
async function plainLines(text: string, delimiter: ',' | ';' | '\t' = ',', chunkBytes = Infinity) {
  return (await readItems(text, delimiter, chunkBytes)).flatMap((item) => ('header' in item ? [] : [item.plainLine]));
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

  it('reads the same records whatever the chunk boundaries (quotes, CRLF, multi-byte characters, BOM)', async () => {
    const text = '\uFEFFid,note,city\r\n1,"a, ""b""\r\nc",Zürich\r\n2,,"São Paulo"\r\n3,x,\r\n';
    const whole = await read(text);
    expect(whole).toEqual([
      { header: ['id', 'note', 'city'] },
      { rowNumber: 1, values: ['1', 'a, "b"\r\nc', 'Zürich'], problem: null },
      { rowNumber: 2, values: ['2', '', 'São Paulo'], problem: null },
      { rowNumber: 3, values: ['3', 'x', ''], problem: null },
    ]);
    for (const size of [1, 2, 3, 5, 7]) expect(await read(text, ',', size)).toEqual(whole);
  });

  it('reads CR-only line endings and a last line without a line break', async () => {
    expect(await read('a,b\r1,2\r3,4')).toEqual([
      { header: ['a', 'b'] },
      { rowNumber: 1, values: ['1', '2'], problem: null },
      { rowNumber: 2, values: ['3', '4'], problem: null },
    ]);
  });

  it('reports a misplaced or unclosed quote on its own line and reads on', async () => {
    const text = 'id,lat,lon\n"A"x,30,-97\n"B,31,-96\nC,32,-95\n';
    for (const size of [Infinity, 4]) {
      expect(await read(text, ',', size)).toEqual([
        { header: ['id', 'lat', 'lon'] },
        { rowNumber: 1, values: [], problem: QUOTE_PROBLEM },
        { rowNumber: 2, values: [], problem: QUOTE_PROBLEM },
        { rowNumber: 3, values: ['C', '32', '-95'], problem: null },
      ]);
    }
  });
});

describe('plainLine (a record whose line is kept as the file wrote it)', () => {
  it('is the line of printable ASCII values, quoted exactly where they hold a comma', async () => {
    const text =
      'id,lat,lon,note\r\nP1,35.5,-97.4,"a, b"\r\nP2,1,2,"no comma"\r\nP3,1,2,"a ""b"", c"\nP4,1,2,Zürich\nP5,1,2,a\\b\nP6,,,\n';
    for (const size of [Infinity, 3]) {
      expect(await plainLines(text, ',', size)).toEqual(['P1,35.5,-97.4,"a, b"', null, null, null, null, 'P6,,,']);
    }
    // Other delimiters write other lines than the stored one's commas.
    expect(await plainLines('a;b\n1;2\n', ';')).toEqual([null]);
  });

  it('gives the stored line and plain values exactly when the values alone would', async () => {
    const value = fc.string({ unit: fc.constantFrom(...'09.,+-=@" \t\r\nab\\é'.split('')), maxLength: 6 });
    let plain = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(value, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        async (rows, quoteAll) => {
          // Written as csvCell writes cells, or with every cell quoted (as some spreadsheets do).
          const cell = (v: string) => (quoteAll ? `"${v.replaceAll('"', '""')}"` : csvCell(v));
          const text = `a,b\n${rows.map((r) => r.map(cell).join(',')).join('\n')}\n`;
          for (const item of await readItems(text)) {
            if ('header' in item || item.plainLine == null) continue;
            plain += 1;
            expect(plainValues(item.values)).toBe(true);
            expect(exactCsvLine(item.values, 2, item.plainLine)).toBe(exactCsvLine(item.values, 2));
          }
        },
      ),
      { numRuns: 2_000 },
    );
    expect(plain).toBeGreaterThan(100);
  });
});
