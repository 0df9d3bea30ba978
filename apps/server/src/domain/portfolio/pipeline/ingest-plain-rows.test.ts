import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalBytesValue, decimalTextValue, mapColumns } from '../columns.js';
import { readCsvBatches, type CsvRecord } from '../io/csv-reader.js';
import { copyLines, type IngestCounter } from './ingest.js';
import { renderCopyRows, type RenderContext } from './ingest-render.js';
import type { ParcelGrid } from './parcel-grid.js';

/**
 * The ingest's byte path (ingest-plain-rows.ts) must write exactly what renderCopyRows writes for
 * the rows it takes, and leave every other row to it, whatever the chunks the file arrives in.
 */

/** A stand-in for the world's parcels: north of 40° on a parcel, south of 30° far from every property. */
const grid = {
  worldRevision: '1',
  place: (lat: number, lng: number) => (lat > 40 ? `p-${Math.round(lat * 10)}-${Math.round(-lng)}` : null),
  isFarFromEveryProperty: (lat: number) => lat < 30,
} as unknown as ParcelGrid;

function counter(): IngestCounter {
  return { rows: 0, unusable: 0, coordinates: 0, rooftop: 0, unplaced: [] };
}

/** The file in chunks of the given sizes (then what is left), as a blob store's stream gives it. */
function chunked(file: Buffer, sizes: number[]): Readable {
  const chunks: Buffer[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= file.length) break;
    chunks.push(file.subarray(at, at + size));
    at += size;
  }
  if (at < file.length) chunks.push(file.subarray(at));
  return Readable.from(chunks, { objectMode: false });
}

/** What renderCopyRows alone writes for the file (the reader without the byte path). */
async function reference(file: Buffer, context: RenderContext) {
  const counts = counter();
  const lines: string[] = [];
  for await (const batch of readCsvBatches(Readable.from([file]), ',', 'utf-8')) {
    const records = batch.filter((item): item is CsvRecord => !('header' in item));
    if (!records.length) continue;
    counts.rows = records[records.length - 1]!.rowNumber;
    renderCopyRows(records, context, counts, (line) => lines.push(line));
  }
  return { copy: Buffer.from(lines.join('')), counts };
}

async function withBytePath(file: Buffer, sizes: number[], context: RenderContext) {
  const counts = counter();
  const blocks: Buffer[] = [];
  for await (const block of copyLines(chunked(file, sizes), ',', 'utf-8', context, counts))
    blocks.push(Buffer.from(block));
  return { copy: Buffer.concat(blocks), counts };
}

const HEADER = 'policy_id,latitude,longitude,building_tiv,notes,occupancy';

// Cells made of what the byte path turns on: plain text, quotes, commas, spaces, formulas, signs,
// control characters, non-ASCII, decimals in and out of range, inside and outside coverage.
const cell = fc.oneof(
  fc.constantFrom('', 'P1', 'abc', 'x y', ' lead', 'trail ', '=SUM(A1)', '@x', '+1', '-2.5', '+x', '-', '5" pipe'),
  fc.constantFrom('"a,\\b"', '"é, x"', '"t,\tx"', '"a, b"xy', '"a, b""z'),
  fc.constantFrom('"a, b"', '"no comma"', '"say ""hi"", ok"', '"a,\nb"', 'tab\there', 'back\\slash', 'é', 'del\u007f'),
  fc.constantFrom(
    '41.5',
    '-75.25',
    '35.1',
    '-97.4',
    '25.0',
    '-80.1',
    '91',
    '-181',
    '45.5',
    '.5',
    '12345678901234567.5',
  ),
  fc.constantFrom('"37,69"', '1e5', '0x10', 'NaN', '50.123456789012345678', '-0', '64.2', '-150.3'),
  fc.string({ maxLength: 4 }),
);
const line = fc.oneof(
  { weight: 6, arbitrary: fc.array(cell, { minLength: 6, maxLength: 6 }).map((cells) => cells.join(',')) },
  // Coordinates that place (or not), beside any other cells: most lines of a real file.
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        fc.oneof(fc.constantFrom('P7', 'R-12', ''), cell),
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom('41.25', '35.5', '25.125', '47.0', '-33.9', '90.5') }, cell),
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom('-75.5', '-97.25', '-80.0', '151.2', '-181', '-66.5') }, cell),
        fc.oneof(fc.constantFrom('101000', '', '-5'), cell),
        fc.oneof(fc.constantFrom('"note 1, block 1"', 'plain note', ''), cell),
        fc.oneof(fc.constantFrom('RES', ''), cell),
      )
      .map((cells) => cells.join(',')),
  },
  fc.array(cell, { minLength: 1, maxLength: 8 }).map((cells) => cells.join(',')),
  fc.constantFrom('', ',,,,,', '   '),
);
const file = fc
  .tuple(fc.array(line, { maxLength: 40 }), fc.constantFrom('\n', '\r\n', '\r'), fc.boolean())
  .map(([lines, end, finalEnd]) => Buffer.from(HEADER + end + lines.join(end) + (finalEnd ? end : '')));
const sizes = fc.array(fc.integer({ min: 1, max: 90 }), { maxLength: 60 });

describe('the ingest byte path (plain rows written from their bytes)', () => {
  it('writes what renderCopyRows writes, whatever the chunks, with a grid and without', async () => {
    const mapping = mapColumns(HEADER.split(','));
    await fc.assert(
      fc.asyncProperty(file, sizes, fc.boolean(), async (bytes, chunkSizes, withGrid) => {
        const context: RenderContext = { portfolioId: 42, mapping, grid: withGrid ? grid : null };
        const expected = await reference(bytes, context);
        const actual = await withBytePath(bytes, chunkSizes, context);
        expect(actual.copy.toString('utf8')).toBe(expected.copy.toString('utf8'));
        expect(actual.counts).toEqual(expected.counts);
      }),
      { numRuns: 1500 },
    );
  });

  it('takes the plain rows of a coordinates file, and they are most of it', async () => {
    const mapping = mapColumns(HEADER.split(','));
    const rows = Array.from({ length: 5000 }, (_, i) => `P${i},41.${i},-75.${i},${i},"note ${i}, block",RES`);
    const bytes = Buffer.from([HEADER, ...rows, ''].join('\n'));
    const context: RenderContext = { portfolioId: 7, mapping, grid };
    const expected = await reference(bytes, context);
    const actual = await withBytePath(bytes, Array(400).fill(1000), context);
    expect(actual.copy.equals(expected.copy)).toBe(true);
    expect(actual.counts).toMatchObject({ rows: 5000, coordinates: 5000 });
  });

  it('leaves files with addresses to renderCopyRows', async () => {
    const header = 'id,address,latitude,longitude';
    const mapping = mapColumns(header.split(','));
    const bytes = Buffer.from(`${header}\nA1,1 Main St,41.5,-75.5\nA2,,41.6,-75.6\n`);
    const context: RenderContext = { portfolioId: 3, mapping, grid };
    expect((await withBytePath(bytes, [10, 10], context)).copy.equals((await reference(bytes, context)).copy)).toBe(
      true,
    );
  });
});

describe('decimalBytesValue (a coordinate read from the bytes)', () => {
  it('reads what decimalTextValue reads from the same ASCII text', () => {
    const text = fc.string({ unit: fc.constantFrom(...'0123456789.+-e x'.split('')), maxLength: 22 });
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 3 }), (value, pad) => {
        const bytes = Buffer.from(`${'#'.repeat(pad)}${value}#`);
        return Object.is(decimalBytesValue(bytes, pad, pad + value.length), decimalTextValue(value));
      }),
      { numRuns: 20_000 },
    );
  });
});
