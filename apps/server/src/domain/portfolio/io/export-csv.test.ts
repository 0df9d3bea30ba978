import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fc from 'fast-check';
import { PORTFOLIO_EXPORT_EXTRA_COLUMNS } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { binaryCopy, type BinaryField } from '../../../../test/fixtures/binary-copy.js';
import { csvCell } from '../../spreadsheet/csv-cell.js';
import { csvLineValues, csvOriginals, exactCsvLine } from './csv-line.js';
import type { ExportLayout, ExtraColumn } from './export.js';
import { csvRows } from './export-csv.js';

/**
 * csvRows writes the export's CSV as bytes from the binary COPYs of its rows and results, joined
 * by row number (issue 22). Its lines must be byte
 * for byte those the export wrote when it decoded each row to strings: `expectedLine` is that
 * rendering, from the row's values.
 */

/**
 * A row as stored: its values (raw_values, or null where only the line holds them), its csv_line,
 * where it was placed and its own problem, and its result (null where the run has none for it).
 */
interface StoredRow {
  raw: string[] | null;
  /** raw_values' JSON text as PostgreSQL keeps it (compact, or with spaces where it came from jsonb). */
  rawJson: string | null;
  csvLine: string | null;
  precision: string | null;
  rowProblem: string | null;
  results: Record<ResultColumn, string | number | null> | null;
}

type ResultColumn = Exclude<ExtraColumn, 'geocode_precision'>;

const EXTRA = PORTFOLIO_EXPORT_EXTRA_COLUMNS as readonly ExtraColumn[];
const FLOATS: readonly ExtraColumn[] = ['score', 'confidence'];

/** The line the export wrote for a row before issue 22 (the COPY decoded to strings, then csvCell per cell). */
function expectedLine(row: StoredRow, layout: ExportLayout, rendered: boolean): string {
  const cells: string[] = [];
  if (layout.original.length) {
    if (rendered && row.csvLine !== null) cells.push(row.csvLine);
    else {
      const values = row.raw ?? csvLineValues(row.csvLine ?? '');
      cells.push(layout.original.map((i) => csvCell(values[i] ?? '')).join(','));
    }
  }
  for (const column of layout.extra) {
    const value = valueOf(row, column);
    cells.push(csvCell(typeof value === 'number' ? String(value) : (value ?? '')));
  }
  return cells.join(',') + '\r\n';
}

/** A result column's value as the export's former join gave it (the problem: COALESCE(result's, row's)). */
function valueOf(row: StoredRow, column: ExtraColumn): string | number | null {
  if (column === 'geocode_precision') return row.precision;
  if (column === 'problem') return row.results?.problem ?? row.rowProblem;
  return row.results?.[column] ?? null;
}

/** The row's tuple as exportCopies' rows COPY sends it (row n): row_number, raw_values, geo_precision, problem, csv_line. */
function rowTuple(row: StoredRow, n: number, rendered: boolean): BinaryField[] {
  const rawValues = rendered ? (row.csvLine === null ? row.rawJson : null) : row.rawJson;
  const csvLine = rendered || row.rawJson === null ? row.csvLine : null;
  return [int4(n), rawValues, row.precision, row.rowProblem, csvLine];
}

/** The row's result tuple as the results COPY sends it, or none. */
function resultTuples(row: StoredRow, n: number): BinaryField[][] {
  if (!row.results) return [];
  const { score, risk_level, confidence, top_factors, model_version, problem } = row.results;
  return [[int4(n), score, risk_level, confidence, top_factors, model_version, problem]];
}

const int4 = (n: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(n);
  return bytes;
};

/** The two COPYs of `rows` (numbered from 1, skipping `gaps[i]` numbers before row i), rows' and results'. */
function copiesOf(rows: readonly StoredRow[], rendered: boolean, gaps: readonly number[] = []) {
  let n = 0;
  const numbered = rows.map((row, i) => ({ row, n: (n += 1 + (gaps[i] ?? 0)) }));
  return {
    rows: binaryCopy(numbered.map(({ row, n }) => rowTuple(row, n, rendered))),
    results: binaryCopy(numbered.flatMap(({ row, n }) => resultTuples(row, n))),
  };
}

async function render(
  layout: ExportLayout,
  rendered: boolean,
  rowChunks: readonly Buffer[],
  resultChunks: readonly Buffer[] | null,
): Promise<Buffer[]> {
  const blocks: Buffer[] = [];
  await pipeline(
    csvRows(layout, rendered, Readable.from(rowChunks), resultChunks && Readable.from(resultChunks)),
    new Writable({ write: (block: Buffer, _encoding, callback) => (blocks.push(block), callback()) }),
  );
  return blocks;
}

/** `bytes` cut at each of `cuts` (offsets, any order). */
function cut(bytes: Buffer, cuts: readonly number[]): Buffer[] {
  const at = [0, ...[...cuts].sort((a, b) => a - b), bytes.length];
  return at.slice(1).map((end, i) => bytes.subarray(at[i]!, end));
}

// Values made of the characters csvCell turns on (formula starts, quotes, separators, line breaks,
// white space, backslashes, non-ASCII of two to four bytes), so most cells hit an edge.
// (Spread by code point: an emoji stays whole, as PostgreSQL text always holds it.)
const unit = fc.constantFrom(...'0123456789.,+-=@"\'eE \t\r\n\\ab\u00a0\u2028\ufeffé東😀;\u007f\u001f~');
const tricky = fc.oneof(
  fc.string({ unit, maxLength: 8 }),
  // Longer text: the writer checks and copies four bytes at a time (csv-bytes.ts), then the rest.
  fc.string({ unit: fc.oneof(unit, fc.constantFrom('a', 'b', 'c')), maxLength: 24 }),
  fc.constantFrom('Vegetation; Slope; Construction', 'coordinates', 'zfire-1.0', 'low', '-12.5', ' padded ', 'Zürich'),
);
const value = fc.oneof(tricky, fc.string({ unit: fc.constantFrom('a', '\u0000', '\ud800', ','), maxLength: 3 }));
const float = fc.oneof(
  fc.double(),
  fc.integer({ min: -1000, max: 1000 }).map((n) => n / 10),
  fc.constantFrom(0, -0, 1e21, 1e-7, 0.1 + 0.2, -97.408102, NaN, Infinity, -Infinity),
);
const RESULT_COLUMNS = EXTRA.filter((column): column is ResultColumn => column !== 'geocode_precision');
const result = fc.option(
  fc.record(
    Object.fromEntries(
      RESULT_COLUMNS.map((column) => [column, fc.oneof(fc.constant(null), FLOATS.includes(column) ? float : tricky)]),
    ) as Record<ResultColumn, fc.Arbitrary<string | number | null>>,
  ),
  { freq: 4 },
);
const rowText = fc.oneof(fc.constant(null), tricky);

/** A row of a `columns`-column file as the ingest stores it, or as it is after raw_values were rewritten. */
const storedRow = (columns: number) =>
  fc
    .record({
      values: fc.array(value, { maxLength: columns + 2 }),
      storage: fc.constantFrom('line only', 'both', 'values only'),
      spaced: fc.boolean(),
      precision: rowText,
      rowProblem: rowText,
      results: result,
    })
    .map(({ values, storage, spaced, ...rest }): StoredRow => {
      const exact = exactCsvLine(values, columns);
      if (storage === 'line only' && exact !== null) return { raw: null, rawJson: null, csvLine: exact, ...rest };
      const rawJson = spaced ? `[${values.map((v) => JSON.stringify(v)).join(', ')}]` : JSON.stringify(values);
      const csvLine = storage === 'values only' ? null : csvOriginals(values, columns);
      return { raw: values, rawJson, csvLine, ...rest };
    });

/** A file's column count, its rows, and an export's layout: every column (the default) or a choice. */
const exportCase = fc.integer({ min: 1, max: 5 }).chain((columns) =>
  fc.record({
    columns: fc.constant(columns),
    rows: fc.array(storedRow(columns), { maxLength: 12 }),
    original: fc.oneof(fc.constant([...Array(columns).keys()]), fc.subarray([...Array(columns).keys()])),
    extra: fc.oneof(fc.constant([...EXTRA]), fc.subarray([...EXTRA])),
    cuts: fc.array(fc.nat(), { maxLength: 6 }),
    resultCuts: fc.array(fc.nat(), { maxLength: 6 }),
    gaps: fc.array(fc.nat({ max: 3 }), { maxLength: 12 }),
    noRun: fc.boolean(),
  }),
);

describe('csvRows (the CSV export written as bytes from the binary COPYs)', () => {
  it('writes every line byte for byte as the export rendered it from strings, however the COPYs are cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        exportCase,
        async ({ columns, rows: generated, original, extra, cuts, resultCuts, gaps, noRun }) => {
          const layout: ExportLayout = { original: [...original], extra: [...extra] };
          const rendered = original.length > 0 && original.length === columns;
          // With no run there is no results COPY, and no row has a result.
          const rows = noRun ? generated.map((row) => ({ ...row, results: null })) : generated;
          const copies = copiesOf(rows, rendered, gaps);
          const chunksOf = (copy: Buffer, at: readonly number[]) =>
            cut(
              copy,
              at.map((n) => n % (copy.length + 1)),
            );
          const written = Buffer.concat(
            await render(
              layout,
              rendered,
              chunksOf(copies.rows, cuts),
              noRun ? null : chunksOf(copies.results, resultCuts),
            ),
          );
          const expected = rows.map((row) => expectedLine(row, layout, rendered)).join('');
          // (Compared as bytes: a lone surrogate, which JSON may hold, is written as U+FFFD both ways.)
          const bytes = Buffer.from(expected);
          if (!written.equals(bytes)) expect(written.toString()).toBe(bytes.toString());
          expect(written.equals(bytes)).toBe(true);
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('writes cells as the export did for the values that matter most', async () => {
    const results = (values: Partial<Record<ResultColumn, string | number | null>>) => ({
      ...(Object.fromEntries(RESULT_COLUMNS.map((column) => [column, null])) as Record<ResultColumn, null>),
      ...values,
    });
    const rows: StoredRow[] = [
      {
        raw: null,
        rawJson: null,
        csvLine: 'A,30,-97',
        precision: null,
        rowProblem: null,
        results: results({ score: 55.5, risk_level: 'high', confidence: 0.9, top_factors: 'Vegetation; Slope' }),
      },
      {
        raw: ['=1+2', 'x, "y"', ' padded'],
        rawJson: '["=1+2", "x, \\"y\\"", " padded"]',
        csvLine: null,
        precision: '',
        rowProblem: 'not shown: the result has a problem',
        results: results({ score: -0, confidence: -12.5, problem: '=cmd', model_version: '-1' }),
      },
      { raw: null, rawJson: null, csvLine: 'B,31,-98', precision: 'zip', rowProblem: 'No match', results: null },
    ];
    const layout = { original: [0, 1, 2], extra: [...EXTRA] };
    const copies = copiesOf(rows, true);
    const written = Buffer.concat(await render(layout, true, [copies.rows], [copies.results]));
    expect(written.toString()).toBe(
      'A,30,-97,55.5,high,0.9,Vegetation; Slope,,,\r\n' +
        `'=1+2,"x, ""y"""," padded",0,,-12.5,,,-1,'=cmd\r\n` +
        'B,31,-98,,,,,zip,,No match\r\n',
    );
  });

  it('refuses a score that is not a float8 rather than misread it', async () => {
    const row = [int4(1), null, null, null, 'A'];
    const result = [int4(1), Buffer.from([0x42, 0x5e, 0x00, 0x00]), 'high', null, null, null, null];
    await expect(
      render({ original: [0], extra: [...EXTRA] }, true, [binaryCopy([row])], [binaryCopy([result])]),
    ).rejects.toThrow('not a float8');
  });

  it('hands the CSV over in blocks of at most 128 KB, a longer line in one made for it', async () => {
    const row = (csvLine: string): StoredRow => ({
      raw: null,
      rawJson: null,
      csvLine,
      precision: 'coordinates',
      rowProblem: null,
      results: {
        score: 55.5,
        risk_level: 'high',
        confidence: 0.91,
        top_factors: 'Vegetation; Slope; Construction',
        model_version: 'zfire-1.0',
        problem: null,
      },
    });
    const rows = Array.from({ length: 20_000 }, (_, i) => row(`P${i},30.1234,-97.5678,250000,a note`));
    rows.splice(10_000, 0, row('x'.repeat(300_000)));
    const layout = { original: [0, 1, 2, 3, 4], extra: [...EXTRA] };
    const copies = copiesOf(rows, true);
    const inPieces = (copy: Buffer) =>
      cut(
        copy,
        [...Array(Math.floor(copy.length / 65_536)).keys()].map((i) => (i + 1) * 65_536),
      );
    const blocks = await render(layout, true, inPieces(copies.rows), inPieces(copies.results));
    expect(blocks.length).toBeGreaterThan(10);
    // The long line's block is made for it (twice its bytes at most, which the next rows fill).
    const large = blocks.filter((block) => block.length > 128 * 1024);
    expect(large).toHaveLength(1);
    expect(large[0]!.toString().startsWith(`${'x'.repeat(300_000)},55.5,`)).toBe(true);
    expect(large[0]!.length).toBeLessThan(2 * 300_100);
    expect(Buffer.concat(blocks).toString()).toBe(rows.map((r) => expectedLine(r, layout, true)).join(''));
  });
});
