import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECIMAL_TEXT, decimalTextValue, isDecimalText, mapColumns, readRow } from '../columns.js';
import { csvCell } from '../../spreadsheet/csv-cell.js';
import { AS_IT_IS, BY_CSV_CELL, cellCare, csvLineValues, csvOriginals, exactCsvLine, QUOTED } from '../io/csv-line.js';
import { copyText, plainValues, plainValuesJson, renderCopyRows } from './ingest-render.js';

// Strings made of the characters these checks turn on, so most cases hit an edge.
const tricky = fc.string({
  unit: fc.constantFrom(...'0123456789.,+-=@"eE \t\r\nab\u00a0\u2028\ufeffé'.split(''), '\u0000'),
  maxLength: 8,
});

describe('isDecimalText (the scan behind an ingest of coordinates)', () => {
  it('answers as DECIMAL_TEXT does', () => {
    fc.assert(
      fc.property(tricky, (text) => isDecimalText(text) === DECIMAL_TEXT.test(text)),
      { numRuns: 20_000 },
    );
    for (const text of ['5', '-5.', '+.5', '.', '', '+', '1.2.3', '1e5', ' 1', '007'])
      expect(isDecimalText(text), text).toBe(DECIMAL_TEXT.test(text));
  });
});

describe('decimalTextValue (a coordinate read in the same scan)', () => {
  // Plain decimals of up to 24 digits: both its own arithmetic (up to 15) and Number()'s.
  const digits = (max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), maxLength: max });
  const decimal = fc
    .tuple(fc.constantFrom('', '+', '-'), digits(12), fc.constantFrom('', '.'), digits(12))
    .map(([sign, whole, point, fraction]) => `${sign}${whole}${point}${fraction}`);

  it('is the double Number() reads from a plain decimal, to the last bit', () => {
    fc.assert(
      fc.property(decimal, (text) => {
        const value = decimalTextValue(text);
        if (!DECIMAL_TEXT.test(text)) return Number.isNaN(value);
        return Object.is(value, Number(text));
      }),
      { numRuns: 50_000 },
    );
    for (const text of ['35.549245', '-97.408102', '-0', '+.5', '5.', '0.1', '0.30000000000000004', '123456789012345'])
      expect(Object.is(decimalTextValue(text), Number(text)), text).toBe(true);
  });

  it('is NaN for any other text', () => {
    fc.assert(
      fc.property(tricky, (text) => DECIMAL_TEXT.test(text) || Number.isNaN(decimalTextValue(text))),
      { numRuns: 20_000 },
    );
  });
});

describe('plainValues and plainValuesJson (a row’s values as JSON, on the common path)', () => {
  it('tell the values JSON.stringify writes without escapes, and write them as it does', () => {
    const value = fc.oneof(
      tricky,
      fc.string({ unit: 'grapheme', maxLength: 6 }),
      fc.string({ unit: 'binary', maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(value, { maxLength: 6 }), (values) => {
        const expected = JSON.stringify(values);
        if (!plainValues(values)) return expected.includes('\\') || /[\ud800-\udfff]/.test(expected);
        return plainValuesJson(values) === expected;
      }),
      { numRuns: 20_000 },
    );
    expect(plainValuesJson(['P1', '35.5', 'note 1, block 1'])).toBe('["P1","35.5","note 1, block 1"]');
    expect(plainValuesJson([])).toBe('[]');
    expect(plainValues(['say "hi"'])).toBe(false);
  });
});

describe('exactCsvLine and csvLineValues (a row’s values kept as its CSV line)', () => {
  it('read back exactly the values of every line said to hold them, and that line is the stored one', () => {
    const value = fc.oneof(tricky, fc.string({ unit: 'grapheme', maxLength: 6 }));
    let exact = 0;
    fc.assert(
      fc.property(fc.array(value, { maxLength: 6 }), (values) => {
        const line = exactCsvLine(values, values.length);
        if (line === null) return;
        exact += 1;
        expect(line).toBe(csvOriginals(values, values.length));
        expect(csvLineValues(line)).toEqual(values);
      }),
      { numRuns: 20_000 },
    );
    // Typical rows are kept as their line: plain values, a comma inside, signed numbers, empty cells.
    expect(exact).toBeGreaterThan(300);
    for (const values of [
      ['P1', '35.549245', '-97.408102', '101000', 'note 1, block 1'],
      ['', 'a', '', ''],
      ['"quoted"', 'x'],
    ]) {
      const line = exactCsvLine(values, values.length);
      if (line !== null) expect(csvLineValues(line)).toEqual(values);
    }
    expect(exactCsvLine(['=1+2', 'x'], 2)).toBeNull();
    expect(exactCsvLine(['a', 'b'], 3)).toBeNull();
    expect(exactCsvLine(['a', 'b', 'c'], 2)).toBeNull();
  });
});

describe('cellCare (the fast path of a row’s stored CSV line)', () => {
  it('says what csvCell does with a value, or leaves it to csvCell', () => {
    fc.assert(
      fc.property(tricky, (value) => {
        const care = cellCare(value);
        return care === BY_CSV_CELL || csvCell(value) === (care === AS_IT_IS ? value : `"${value}"`);
      }),
      { numRuns: 20_000 },
    );
  });

  it('takes the fast path for the values of a typical row', () => {
    for (const value of ['P1', '32.919000', '-76.271000', '101000', 'Main St', ''])
      expect(cellCare(value), value).toBe(AS_IT_IS);
    for (const value of ['a,b', 'note 1, block 1']) expect(cellCare(value), value).toBe(QUOTED);
    for (const value of ['=1+2', '-x', '"q"', '-1,5', 'end ', ' start', 'line\nbreak', 'café'])
      expect(cellCare(value), value).toBe(BY_CSV_CELL);
  });

  it('leaves the stored line what csvCell of every value gives', () => {
    fc.assert(
      fc.property(fc.array(tricky, { maxLength: 6 }), fc.integer({ min: 0, max: 7 }), (values, width) => {
        const expected = Array.from({ length: width }, (_, i) => csvCell(values[i] ?? '')).join(',');
        expect(csvOriginals(values, width)).toBe(expected.includes('\u0000') ? null : expected);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('renderCopyRows', () => {
  it('writes a row’s attributes as JSON.stringify would, escaped for COPY', () => {
    const mapping = mapColumns(['LocNumber', 'Latitude', 'Longitude', 'BuildingTIV', 'OccupancyCode', 'Notes']);
    fc.assert(
      fc.property(fc.array(tricky, { minLength: 6, maxLength: 6 }), (values) => {
        const lines: string[] = [];
        renderCopyRows(
          [{ rowNumber: 1, values, problem: null }],
          { portfolioId: 7, mapping, grid: null },
          { unusable: 0, coordinates: 0, rooftop: 0, unplaced: [] },
          (line) => lines.push(line),
        );
        const line = lines.join('');
        expect(line.split('\t')[12]).toBe(copyText(JSON.stringify(readRow(mapping, values).attributes)));
      }),
      { numRuns: 5_000 },
    );
  });
});
