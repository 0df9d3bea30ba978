import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/database.js';
import { ADDRESS_NOT_FOUND, worldGeocoder } from './world-geocoder.js';

const { db } = await useTestDatabase();

const row = {
  ref: null,
  address: null,
  street: null,
  city: null,
  state: null,
  zip: null,
  country: null,
  latitude: null,
  longitude: null,
};

describe('worldGeocoder', () => {
  it('keeps given coordinates and reports unknown addresses in plain words, in row order', async () => {
    const results = await worldGeocoder(db).geocodeRows([
      { ...row, rowNumber: 1, latitude: 30.25, longitude: -97.75 },
      { ...row, rowNumber: 2, address: '1 Nowhere Lane, Atlantis, ZZ 00000' },
    ]);
    expect(results).toEqual([
      { rowNumber: 1, latitude: 30.25, longitude: -97.75, precision: 'coordinates', problem: null },
      { rowNumber: 2, latitude: null, longitude: null, precision: 'none', problem: ADDRESS_NOT_FOUND },
    ]);
  });
});
