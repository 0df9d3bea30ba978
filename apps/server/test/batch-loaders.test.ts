import { describe, expect, it } from 'vitest';
import { geocodeCoordinates, geocodeCoordinatesMany } from '../src/domain/geocoder/index.js';
import { loadPropertyFeatures } from '../src/domain/property/load.js';
import { loadPropertyFeaturesMany } from '../src/domain/property/load-many.js';
import { useTestWorld } from './world.js';

// The set-wise loaders of the portfolio pipeline must answer exactly as the one-at-a-time ones.
const { db } = await useTestWorld({ properties: 400 });
const sample = (await db.selectFrom('properties').select(['id', 'lat', 'lng']).orderBy('id').execute()).filter(
  (_, i) => i % 7 === 0,
);

describe('set-wise world loaders', () => {
  it('geocodes many points as geocodeCoordinates does one by one, in order', async () => {
    // On the address point, a few metres off, between houses, and far from anything.
    const points = sample.flatMap((p) => [
      { lat: p.lat, lng: p.lng },
      { lat: p.lat + 0.00012, lng: p.lng - 0.0001 },
      { lat: p.lat + 0.0004, lng: p.lng + 0.0004 },
    ]);
    points.push({ lat: 10, lng: 10 });
    const many = await geocodeCoordinatesMany(db, points);
    const single = await Promise.all(points.map((p) => geocodeCoordinates(db, p)));
    expect(many).toEqual(single);
    expect(many.filter((m) => m.propertyId).length).toBeGreaterThan(sample.length);
    expect(many.at(-1)).toMatchObject({ propertyId: null, precision: 'point' });
    expect(await geocodeCoordinatesMany(db, [])).toEqual([]);
  });

  it('loads the features of many properties as loadPropertyFeatures does, now and in the past', async () => {
    const ids = sample.map((p) => p.id);
    for (const asOf of ['2030-01-01', '2021-06-30']) {
      const many = await loadPropertyFeaturesMany(db, [...ids, 'p-no-such-property'], asOf);
      expect(many.size).toBe(ids.length);
      for (const id of ids) expect(many.get(id), id).toEqual(await loadPropertyFeatures(db, id, asOf));
    }
  });
});
