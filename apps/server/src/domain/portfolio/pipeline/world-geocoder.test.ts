import { describe, expect, it } from 'vitest';
import { useTestWorld } from '../../../../test/world.js';
import { ADDRESS_NOT_FOUND, worldGeocoder } from './world-geocoder.js';

// The landmark neighbourhoods only (288 properties, 1427 Wheatland Ave among them).
const { db } = await useTestWorld({ properties: 288 });

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

  it('geocodes an address given whole or in parts, among rows with their own points, each answer on its row', async () => {
    const landmark = { street: '1427 Wheatland Ave', city: 'Wichita', state: 'KS', zip: '67203' };
    const results = await worldGeocoder(db).geocodeRows([
      { ...row, rowNumber: 1, ...landmark },
      { ...row, rowNumber: 2, latitude: 30.25, longitude: -97.75 },
      { ...row, rowNumber: 3, address: '1427 Wheatland Ave, Wichita, KS 67203' },
      { ...row, rowNumber: 4, address: '', street: '1 Nowhere Lane', city: 'Atlantis', zip: '00000' },
      { ...row, rowNumber: 5, latitude: 40.5, longitude: -75.25 },
      { ...row, rowNumber: 6, state: 'KS', zip: '67203' },
    ]);
    expect(results.map((r) => [r.rowNumber, r.precision])).toEqual([
      [1, 'rooftop'],
      [2, 'coordinates'],
      [3, 'rooftop'],
      [4, 'none'],
      [5, 'coordinates'],
      [6, 'postal'],
    ]);
    expect(results[0]!.propertyId).toBeTruthy();
    expect(results[2]).toEqual(results[0] && { ...results[0], rowNumber: 3 });
    expect(results[4]).toMatchObject({ latitude: 40.5, longitude: -75.25 });
  });
});
