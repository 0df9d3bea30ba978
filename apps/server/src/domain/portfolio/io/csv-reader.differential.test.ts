import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCsvBatches } from './csv-reader.js';
import type { Delimiter } from './sniff.js';

/**
 * The upload parser is hand-written for speed (csv-reader.ts says why): here it must read every
 * RFC 4180 file exactly as csv-parse, the library it stands in for, reads it — quotes, doubled
 * quotes, CRLF/CR/LF line ends, empty fields, a BOM, each delimiter — whatever the chunk
 * boundaries the upload stream happens to cut the bytes at (inside a quote, between CR and LF,
 * inside a multi-byte character).
 */
const field = fc.string({ unit: fc.constantFrom(...'ab Z9.-"\r\n,;\té€'.split('')), maxLength: 8 });
const delimiter = fc.constantFrom<Delimiter>(',', ';', '\t');
const lineEnd = fc.constantFrom('\r\n', '\n', '\r');

function writeCell(value: string, sep: string, quoteAll: boolean): string {
  const needsQuotes = quoteAll || value.includes('"') || value.includes(sep) || /[\r\n]/.test(value);
  return needsQuotes ? `"${value.replaceAll('"', '""')}"` : value;
}

function writeFile(records: string[][], sep: string, eol: string, quoteAll: boolean, bom: boolean): string {
  const line = (record: string[]) =>
    // A lone empty field would be an empty line, which RFC 4180 does not define: quote it.
    record.length === 1 && record[0] === '' ? '""' : record.map((v) => writeCell(v, sep, quoteAll)).join(sep);
  return (bom ? '\ufeff' : '') + records.map(line).join(eol) + eol;
}

/** Splits the file's bytes at the given cut points, as a network read would. */
function chunked(bytes: Buffer, cuts: number[]): Readable {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    if (point > from) chunks.push(bytes.subarray(from, point));
    from = Math.max(from, point);
  }
  return Readable.from(chunks, { objectMode: false });
}

async function readWithReader(source: Readable, sep: Delimiter): Promise<string[][]> {
  const records: string[][] = [];
  for await (const batch of readCsvBatches(source, sep)) {
    for (const item of batch) {
      if ('header' in item) records.push(item.header);
      else {
        expect(item.problem).toBeNull();
        records.push(item.values);
      }
    }
  }
  return records;
}

describe('csv-reader against csv-parse', () => {
  it('reads random RFC 4180 files as csv-parse does, at any chunk boundaries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(field, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 }),
        delimiter,
        lineEnd,
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 12 }),
        async (records, sep, eol, quoteAll, bom, cuts) => {
          const text = writeFile(records, sep, eol, quoteAll, bom);
          const expected: string[][] = parse(text, { bom: true, delimiter: sep, relax_column_count: true });
          const bytes = Buffer.from(text, 'utf8');
          expect(await readWithReader(chunked(bytes, cuts), sep)).toEqual(expected);
        },
      ),
      { numRuns: 800 },
    );
  });
});
