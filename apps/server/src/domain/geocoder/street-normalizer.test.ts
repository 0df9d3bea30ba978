import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeAddress } from './normalize.js';
import { streetNormalizer } from './street-normalizer.js';

/** Words an address is made of: numbers of every form, directions, suffixes, units, cities, states, ZIPs. */
const WORDS = [
  ...[
    '1',
    '12',
    '1427',
    '12a',
    '12B',
    '12-14',
    '12-14c',
    '00012',
    '12345',
    '67203',
    '67203-4411',
    '4411',
    '1/2',
    '3/4',
  ],
  ...['N', 'north', 'S.', 'SW', 'E', 'West', 'NE'],
  ...['Main', 'Wheatland', 'Elm', 'O’Brien', "O'Brien", 'St-Rear', 'North', 'Park', 'Ave', 'Avenue', 'st', 'Rd', 'Ct'],
  ...['Blvd', 'Hwy', 'Apt', 'apt', 'Unit', '#', '#4', 'Ste', 'B', '4', 'Fl'],
  ...['Wichita', 'Springfield', 'San', 'Antonio', 'Kansas', 'City', 'West', 'Virginia', 'District', 'of', 'Columbia'],
  ...['KS', 'ks', 'IL', 'TX', 'WV', 'DC', 'NY', 'New', 'York', 'USA', 'US', 'United', 'States'],
];
const SEPARATORS = [' ', ' ', ' ', ', ', ',', '  ', ' , ', '. '];

const address = fc
  .tuple(
    fc.constantFrom('1427', '12', '7', '12a', '12-14', '00012', '12345', '40', '9B', '123'),
    fc.array(fc.tuple(fc.constantFrom(...SEPARATORS), fc.constantFrom(...WORDS)), { maxLength: 9 }),
    fc.constantFrom('', ' ', ',', '.'),
  )
  .map(([number, words, end]) => number + words.map(([separator, word]) => separator + word).join('') + end);

describe('streetNormalizer', () => {
  it('normalises every address as normalizeAddress does, with its cache of streets warm', () => {
    const normalize = streetNormalizer();
    fc.assert(
      fc.property(address, (text) => {
        expect(normalize(text), text).toEqual(normalizeAddress(text));
      }),
      { numRuns: 20_000, seed: 22 },
    );
  });

  it('gives each house of a street its own number, fractions and letters included', () => {
    const normalize = streetNormalizer();
    for (const text of [
      '1427 Wheatland Ave, Wichita, KS 67203',
      '1429 Wheatland Ave, Wichita, KS 67203',
      '1429b Wheatland Ave, Wichita, KS 67203',
      '1431 1/2 Wheatland Ave, Wichita, KS 67203',
      '12345 Wheatland Ave, Wichita, KS 67203',
      '67203',
      '12 North, Wichita, KS',
      '1427',
      '',
    ])
      expect(normalize(text), text).toEqual(normalizeAddress(text));
    expect(normalize('1429b Wheatland Ave, Wichita, KS 67203')).toMatchObject({
      houseNumber: '1429B',
      streetKey: 'WHEATLAND AVE',
      full: '1429B WHEATLAND AVE WICHITA KS 67203',
    });
  });
});
