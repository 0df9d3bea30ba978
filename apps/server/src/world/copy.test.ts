import { describe, expect, it } from 'vitest';
import { copyValue } from './copy.js';

describe('copyValue (COPY text format)', () => {
  it('encodes nulls, booleans, numbers, arrays and JSON', () => {
    expect(copyValue(null)).toBe('\\N');
    expect(copyValue(undefined)).toBe('\\N');
    expect(copyValue(true)).toBe('t');
    expect(copyValue(1.5)).toBe('1.5');
    expect(copyValue(Number.NaN)).toBe('\\N');
    expect(copyValue(['a', 'b c'])).toBe('{"a","b c"}');
    expect(copyValue({ type: 'Point', coordinates: [1, 2] })).toBe('{"type":"Point","coordinates":[1,2]}');
  });

  it('escapes backslashes, tabs and line breaks', () => {
    expect(copyValue('a\tb\nc\\d\re')).toBe('a\\tb\\nc\\\\d\\re');
    expect(copyValue({ note: 'x\\y' })).toBe('{"note":"x\\\\\\\\y"}');
    expect(copyValue(['say "hi"'])).toBe('{"say \\\\"hi\\\\""}');
  });
});
