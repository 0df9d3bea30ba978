import { describe, expect, it } from 'vitest';
import {
  describeMapping,
  mapColumns,
  NO_USABLE_COLUMN_MESSAGE,
  normaliseHeader,
  OUTSIDE_COVERAGE,
  readRow,
} from './columns.js';

describe('normaliseHeader', () => {
  it('ignores case, spaces, underscores, punctuation and a byte-order mark', () => {
    expect(normaliseHeader('\uFEFFPostal Code')).toBe('postalcode');
    expect(normaliseHeader('postal_code')).toBe('postalcode');
    expect(normaliseHeader('POSTAL-CODE')).toBe('postalcode');
  });
});

describe('mapColumns', () => {
  it('recognises a single address column and keeps the user id and other columns', () => {
    const mapping = mapColumns(['Policy ID', 'Full Address', 'Premium', 'Notes']);
    expect(mapping.layout).toBe('address');
    expect(mapping.fields).toEqual({ id: 0, address: 1 });
    expect(mapping.unknownColumns).toEqual([2, 3]);
  });

  it('recognises street/city/state/zip columns case-insensitively', () => {
    const mapping = mapColumns(['ID', 'STREET', 'city', 'State', 'ZipCode']);
    expect(mapping.layout).toBe('street_city_state_zip');
    expect(mapping.fields).toMatchObject({ id: 0, street: 1, city: 2, state: 3, zip: 4 });
  });

  it('reads "Address" as the street line when city and zip columns exist', () => {
    const mapping = mapColumns(['Address', 'City', 'State', 'Zip']);
    expect(mapping.layout).toBe('street_city_state_zip');
    expect(mapping.fields.street).toBe(0);
    expect(mapping.fields.address).toBeUndefined();
  });

  it('recognises latitude/longitude in their common spellings', () => {
    expect(mapColumns(['lat', 'lng']).fields).toEqual({ latitude: 0, longitude: 1 });
    expect(mapColumns(['Latitude', 'Longitude']).layout).toBe('coordinates');
    expect(mapColumns(['LAT', 'LON', 'name']).unknownColumns).toEqual([2]);
  });

  it('does not take a lone latitude as coordinates', () => {
    const mapping = mapColumns(['lat', 'name']);
    expect(mapping.layout).toBeNull();
    expect(mapping.unknownColumns).toEqual([0, 1]);
  });

  it('recognises the OED location file and its building attributes', () => {
    const header = [
      'PortNumber',
      'AccNumber',
      'LocNumber',
      'StreetAddress',
      'City',
      'AreaCode',
      'PostalCode',
      'CountryCode',
      'Latitude',
      'Longitude',
      'BuildingTIV',
      'OccupancyCode',
      'ConstructionCode',
      'YearBuilt',
      'RoofCover',
      'LocUserDef1',
    ];
    const mapping = mapColumns(header);
    expect(mapping.layout).toBe('oed');
    expect(mapping.fields).toMatchObject({
      id: 2,
      street: 3,
      city: 4,
      state: 5,
      zip: 6,
      country: 7,
      latitude: 8,
      longitude: 9,
      buildingTiv: 10,
      occupancyCode: 11,
      constructionCode: 12,
      yearBuilt: 13,
      roofCover: 14,
    });
    expect(mapping.unknownColumns.map((i) => header[i])).toEqual(['PortNumber', 'AccNumber', 'LocUserDef1']);
  });

  it('finds no layout in a file without location columns and says what to include', () => {
    const mapping = mapColumns(['name', 'premium']);
    expect(mapping.layout).toBeNull();
    expect(describeMapping(mapping)).toBe(NO_USABLE_COLUMN_MESSAGE);
  });

  it('describes what it recognised in plain words', () => {
    const text = describeMapping(mapColumns(['id', 'address', 'premium']));
    expect(text).toContain('full address in one column');
    expect(text).toContain('"id" as your own property id');
    expect(text).toContain('"premium"');
  });
});

describe('readRow', () => {
  const coords = mapColumns(['id', 'lat', 'lon']);
  const streets = mapColumns(['id', 'street', 'city', 'state', 'zip']);

  it('reads coordinates and the user id', () => {
    expect(readRow(coords, ['A1', ' 30.5 ', '-97.25'])).toMatchObject({
      ref: 'A1',
      latitude: 30.5,
      longitude: -97.25,
      problem: null,
    });
  });

  it('explains bad coordinates in words', () => {
    expect(readRow(coords, ['A', '95', '10']).problem).toBe('The latitude 95 is outside the range -90 to 90.');
    expect(readRow(coords, ['A', '10', '200']).problem).toBe('The longitude 200 is outside the range -180 to 180.');
    expect(readRow(coords, ['A', 'north', '10']).problem).toBe('The latitude "north" is not a number.');
    expect(readRow(coords, ['A', '10', '']).problem).toBe('The longitude is missing.');
    expect(readRow(coords, ['A', '', '']).problem).toBe('This row has no address and no coordinates.');
  });

  it('accepts a street with a zip, or with city and state', () => {
    expect(readRow(streets, ['1', '1 Main St', '', '', '78701']).problem).toBeNull();
    expect(readRow(streets, ['1', '1 Main St', 'Austin', 'TX', '']).problem).toBeNull();
    expect(readRow(streets, ['1', '1 Main St', 'Austin', '', '']).problem).toBe(
      'The street address needs a ZIP code, or a city and a state.',
    );
  });

  it('reports empty rows and tolerates short rows', () => {
    expect(readRow(streets, ['', '', '', '', '']).problem).toBe('This row is empty.');
    expect(readRow(streets, ['1', '1 Main St']).problem).toBe(
      'The street address needs a ZIP code, or a city and a state.',
    );
  });

  it('collects OED attributes for the scorer', () => {
    const oed = mapColumns(['LocNumber', 'PostalCode', 'CountryCode', 'YearBuilt', 'RoofCover']);
    expect(readRow(oed, ['L1', '78701', 'US', '1999', '2']).attributes).toEqual({ yearBuilt: '1999', roofCover: '2' });
  });

  it('reads decimal-comma coordinates, as semicolon files write them (issue 12)', () => {
    expect(readRow(coords, ['A', '37,69', '-97,33'])).toMatchObject({
      latitude: 37.69,
      longitude: -97.33,
      problem: null,
    });
    expect(readRow(coords, ['A', '37,6,9', '-97']).problem).toBe('The latitude "37,6,9" is not a number.');
  });

  it('says a row outside coverage is outside coverage (issue 12)', () => {
    expect(readRow(coords, ['Paris', '48.8566', '2.3522']).problem).toBe(OUTSIDE_COVERAGE);
    const oed = mapColumns(['LocNumber', 'StreetAddress', 'City', 'PostalCode', 'CountryCode']);
    expect(readRow(oed, ['L1', '10 Downing St', 'London', 'SW1A 2AA', 'GB']).problem).toBe(OUTSIDE_COVERAGE);
    expect(readRow(oed, ['L2', '1 Main St', 'Austin', '78701', 'US']).problem).toBeNull();
    expect(readRow(coords, ['Honolulu', '21.3', '-157.85']).problem).toBeNull();
  });
});
