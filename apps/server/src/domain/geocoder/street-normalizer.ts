import { normalizeAddress, type NormalizedAddress } from './normalize.js';

/**
 * normalizeAddress for the many addresses of a file (issue 22: a portfolio's ingest normalises a
 * million), parsing each street once. The houses of a street differ only in their number, and the
 * parser treats every house number alike: '1427 Wheatland Ave, Wichita, KS 67203' parses as
 * '1 Wheatland Ave, Wichita, KS 67203' does, but for the number. So an address that starts with a
 * house number and a space is parsed with '1' in its place, once per distinct rest (kept in a
 * bounded cache), and its own number put back. Anything else goes to normalizeAddress. A property
 * test holds this to normalizeAddress (street-normalizer.test.ts).
 */

/** A house number as the parser reads one (parse.ts HOUSE_NUMBER, before upper case), then a space. */
const HOUSE_NUMBER_FIRST = /^(?:\d+[a-zA-Z]?|\d+-\d+[a-zA-Z]?) /;

const FIVE_DIGITS = /^\d{5}(?!\d)/;

/** Distinct rests remembered; a street repeats within a file, a file of a million holds tens of thousands. */
const CACHE_LIMIT = 100_000;

export function streetNormalizer(): (text: string) => NormalizedAddress {
  const streets = new Map<string, NormalizedAddress>();
  return (text) => {
    const number = HOUSE_NUMBER_FIRST.exec(text);
    // A number with nothing after it, or of five digits (a ZIP, when the rest goes: '12345 USA'), parses on its own.
    if (number === null || text.length === number[0].length || FIVE_DIGITS.test(text)) return normalizeAddress(text);
    const rest = text.slice(number[0].length - 1);
    let street = streets.get(rest);
    if (street === undefined) {
      street = normalizeAddress(`1${rest}`);
      if (streets.size >= CACHE_LIMIT) streets.clear();
      streets.set(rest, street);
    }
    // The parse of '1…' read '1' as the house number (possibly with a fraction after it: '1 1/2').
    if (!street.houseNumber?.startsWith('1')) return normalizeAddress(text);
    const houseNumber = number[0].slice(0, -1).toUpperCase();
    return {
      ...street,
      houseNumber: houseNumber + street.houseNumber.slice(1),
      full: houseNumber + street.full.slice(1),
    };
  };
}
