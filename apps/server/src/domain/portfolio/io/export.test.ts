import { describe, expect, it } from 'vitest';
import { csvCell, exportLayout, neutraliseCell } from './export.js';

describe('neutraliseCell', () => {
  it('prefixes cells a spreadsheet would run as a formula', () => {
    for (const value of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx', '=HYPERLINK("http://evil")']) {
      expect(neutraliseCell(value)).toBe(`'${value}`);
    }
  });

  it('keeps plain numbers and ordinary text unchanged', () => {
    for (const value of ['-97.5', '+1', '-1e5', '30', 'Main St', '', 'a=b', ' =x']) {
      expect(neutraliseCell(value)).toBe(value);
    }
  });
});

describe('exportLayout', () => {
  const header = ['id', 'address', 'note'];

  it('defaults to every original column then every result column', () => {
    expect(exportLayout(header, null)).toEqual({
      original: [0, 1, 2],
      extra: ['score', 'risk_level', 'confidence', 'top_factors', 'geocode_precision', 'model_version', 'problem'],
    });
  });

  it('keeps file order for a saved choice and refuses unknown names', () => {
    expect(exportLayout(header, ['note', 'score', 'id'])).toEqual({ original: [0, 2], extra: ['score'] });
    expect(exportLayout(header, ['id', 'premium'])).toEqual({
      error: 'These columns are not in the portfolio: premium.',
    });
  });
});

describe('csvCell', () => {
  it('quotes as RFC 4180 needs, after neutralising', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('-97.5')).toBe('-97.5');
    expect(csvCell('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('=A1,B1')).toBe('"\'=A1,B1"');
    expect(csvCell('')).toBe('');
  });
});
