import { describe, expect, it } from 'vitest';
import { parseCoordinates } from './coordinates.js';
import { displayCase, normalizeAddress } from './normalize.js';
import { parseAddress } from './parse.js';
import { normalizePrefix } from './autocomplete.js';

describe('parseAddress', () => {
  it('reads a complete USPS-style address', () => {
    expect(parseAddress('1427 Wheatland Ave, Wichita, KS 67203')).toEqual({
      houseNumber: '1427',
      streetName: 'WHEATLAND',
      suffix: 'AVE',
      city: 'WICHITA',
      state: 'KS',
      zip: '67203',
    });
  });

  it('reads text already written cleanly (the fast path) as it reads the same text written untidily', () => {
    const pairs = [
      ['1427 WHEATLAND AVE, WICHITA, KS 67203', ' 1427  Wheatland Ave. ,Wichita , KS 67203 ,'],
      ['12 N MAIN ST APT 4, SPRINGFIELD, IL 62701-1234', '12 n. main st. apt 4 , springfield ,il 62701-1234'],
      ['7 OBRIEN RD, BOSTON MA', "7 O'Brien Rd,   Boston   MA"],
      ['40 1/2 ELM ST-REAR, X-Y, TX', '40 1/2 Elm St-Rear ,  X-Y, TX.'],
    ];
    for (const [clean, untidy] of pairs) expect(parseAddress(clean!), clean).toEqual(parseAddress(untidy!));
  });

  it('reads every state written in full as its code, the longest name ending the address first', () => {
    for (const [name, code] of [
      ['Kansas', 'KS'],
      ['West Virginia', 'WV'],
      ['Virginia', 'VA'],
      ['North Carolina', 'NC'],
      ['District of Columbia', 'DC'],
      ['New York', 'NY'],
    ])
      expect(parseAddress(`12 Main St, Springfield, ${name} 12345`), name).toMatchObject({
        city: 'SPRINGFIELD',
        state: code,
        zip: '12345',
      });
    // 'Virginia' alone would leave 'West' to the city.
    expect(parseAddress('12 Main St, Charleston West Virginia')).toMatchObject({ city: 'CHARLESTON', state: 'WV' });
  });

  it('needs no commas and ignores case', () => {
    expect(parseAddress('1427 wheatland ave wichita ks 67203')).toEqual(
      parseAddress('1427 Wheatland Ave, Wichita, KS 67203'),
    );
    expect(parseAddress('5120 RIDGECREST DR PARADISE CA 95969')).toMatchObject({
      streetName: 'RIDGECREST',
      suffix: 'DR',
      city: 'PARADISE',
      state: 'CA',
    });
  });

  it('recognises multi-word cities without commas from the real city list', () => {
    expect(parseAddress('2210 River Rd Baton Rouge LA 70802')).toMatchObject({
      streetName: 'RIVER',
      suffix: 'RD',
      city: 'BATON ROUGE',
      state: 'LA',
    });
    expect(parseAddress('830 Cimarron Dr Oklahoma City OK')).toMatchObject({
      streetName: 'CIMARRON',
      city: 'OKLAHOMA CITY',
      state: 'OK',
    });
  });

  it('abbreviates street suffixes, directionals and states', () => {
    expect(parseAddress('742 Foothill Road, Boulder, Colorado 80302')).toMatchObject({ suffix: 'RD', state: 'CO' });
    expect(parseAddress('100 North Main Street Southwest, Atlanta, Georgia')).toMatchObject({
      predirectional: 'N',
      streetName: 'MAIN',
      suffix: 'ST',
      postdirectional: 'SW',
      state: 'GA',
    });
    expect(parseAddress('9 Harbor Boulevard, Biloxi, Mississippi 39530')).toMatchObject({
      suffix: 'BLVD',
      state: 'MS',
    });
    expect(parseAddress('1 Pine Lane, Bend, OR')).toMatchObject({ suffix: 'LN' });
    expect(parseAddress('1 Palm Parkway, Mobile, AL')).toMatchObject({ suffix: 'PKWY' });
  });

  it('keeps a directional or suffix that is the street name itself', () => {
    expect(parseAddress('12 North St, Boston, MA 02108')).toMatchObject({ streetName: 'NORTH', suffix: 'ST' });
    expect(parseAddress('55 Park, Wichita, KS')).toMatchObject({ streetName: 'PARK' });
    expect(parseAddress('10 E North Ave, Wichita, KS')).toMatchObject({
      predirectional: 'E',
      streetName: 'NORTH',
      suffix: 'AVE',
    });
  });

  it('reads unit numbers written as Apt, Unit, Suite or #', () => {
    expect(parseAddress('123 Main St Apt 4B, Wichita, KS 67203')).toMatchObject({
      unitType: 'APT',
      unit: '4B',
      streetName: 'MAIN',
      suffix: 'ST',
    });
    expect(parseAddress('123 Main St #12 Wichita KS')).toMatchObject({ unitType: 'UNIT', unit: '12', city: 'WICHITA' });
    expect(parseAddress('123 Main St, Suite 200, Wichita, KS')).toMatchObject({
      unitType: 'STE',
      unit: '200',
      city: 'WICHITA',
    });
    expect(parseAddress('Unit 7, 123 Main St, Wichita, KS')).toMatchObject({
      houseNumber: '123',
      unitType: 'UNIT',
      unit: '7',
      city: 'WICHITA',
    });
  });

  it('reads ZIP+4 with a dash or a space, and drops a trailing country', () => {
    expect(parseAddress('1427 Wheatland Ave, Wichita, KS 67203-1234')).toMatchObject({ zip: '67203', zip4: '1234' });
    expect(parseAddress('1427 Wheatland Ave Wichita KS 67203 1234')).toMatchObject({ zip: '67203', zip4: '1234' });
    expect(parseAddress('1427 Wheatland Ave, Wichita, KS 67203, USA')).toMatchObject({ zip: '67203', state: 'KS' });
  });

  it('treats St./Saint and Ft./Fort in city names alike', () => {
    expect(parseAddress('1 Main St, St. Louis, MO').city).toBe('SAINT LOUIS');
    expect(parseAddress('1 Main St, Saint Louis, MO').city).toBe('SAINT LOUIS');
    expect(parseAddress('1 Main St, Ft Worth, TX').city).toBe('FORT WORTH');
  });

  it('parses partial input without throwing', () => {
    expect(parseAddress('')).toEqual({});
    expect(parseAddress('67203')).toEqual({ zip: '67203' });
    expect(parseAddress('Wichita, KS')).toMatchObject({ state: 'KS' });
    expect(parseAddress('1427 Wheatland')).toMatchObject({ houseNumber: '1427', streetName: 'WHEATLAND' });
    expect(() => parseAddress('%%% ,,, ###')).not.toThrow();
  });
});

describe('normalizeAddress', () => {
  it('gives every spelling of one address the same normal form', () => {
    const forms = [
      '1427 Wheatland Ave, Wichita, KS 67203',
      '1427 wheatland avenue wichita kansas 67203-0001',
      '1427  WHEATLAND AVE.,  WICHITA,KS,67203',
    ].map((a) => normalizeAddress(a).full);
    expect(new Set(forms)).toEqual(new Set(['1427 WHEATLAND AVE WICHITA KS 67203']));
  });

  it('includes the unit and street key', () => {
    const a = normalizeAddress('123 n. main street apt 4, springfield, il 62701');
    expect(a.streetKey).toBe('N MAIN ST');
    expect(a.full).toBe('123 N MAIN ST APT 4 SPRINGFIELD IL 62701');
  });

  it('title-cases for display', () => {
    expect(displayCase('N MAIN ST NE')).toBe('N Main St NE');
  });
});

describe('parseCoordinates', () => {
  it('reads lat,lng in several spellings', () => {
    expect(parseCoordinates('37.7049,-97.3638')).toEqual({ lat: 37.7049, lng: -97.3638 });
    expect(parseCoordinates(' 37.7049 , -97.3638 ')).toEqual({ lat: 37.7049, lng: -97.3638 });
    expect(parseCoordinates('(37.7049 -97.3638)')).toEqual({ lat: 37.7049, lng: -97.3638 });
  });

  it('swaps a US pair written lng,lat', () => {
    expect(parseCoordinates('-97.3638,37.7049')).toEqual({ lat: 37.7049, lng: -97.3638 });
  });

  it('rejects what is not a coordinate pair', () => {
    expect(parseCoordinates('1427 Wheatland Ave')).toBeNull();
    expect(parseCoordinates('95.1,200')).toBeNull();
    expect(parseCoordinates('37.7')).toBeNull();
  });
});

describe('normalizePrefix', () => {
  it('abbreviates complete words but not the one being typed', () => {
    expect(normalizePrefix('1427 Wheatland Avenue, Wi')).toBe('1427 WHEATLAND AVE WI');
    expect(normalizePrefix('1427 Wheatland Aven')).toBe('1427 WHEATLAND AVEN');
    expect(normalizePrefix('1427 wheatland ')).toBe('1427 WHEATLAND ');
  });
});
