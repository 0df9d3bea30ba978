import { describe, expect, it } from 'vitest';
import { geocode, geocodeAddress, geocodeCoordinates } from '../src/domain/geocoder/index.js';
import { autocompleteAddresses } from '../src/domain/geocoder/autocomplete.js';
import { LANDMARKS } from '../src/world/regions.js';
import { seedWorld } from '../src/world/seed.js';
import { offsetMetres } from '../src/domain/hazard/geo.js';
import zipcodes from 'zipcodes';
import { findPropertyByLocation } from '../src/domain/property/find.js';
import { useTestWorld } from './world.js';

const { db, url, seeded } = await useTestWorld({ properties: 400 });
const landmarkAddresses = LANDMARKS.map((l) => {
  const zip = zipcodes.lookup(l.zip)!;
  return `${l.houseNumber} ${l.street}, ${zip.city}, ${zip.state} ${l.zip}`;
});

describe('seeding', () => {
  it('seeds the requested number of properties and is idempotent', async () => {
    expect(seeded.skipped).toBe(false);
    expect(seeded.properties).toBe(400);
    const again = await seedWorld(url, { seed: 11, properties: 400 });
    expect(again.skipped).toBe(true);
    const { count } = await db
      .selectFrom('properties')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(400);
  });

  it('stores the hazard cells of every property and keeps the geocoder indexes', async () => {
    const missing = await db
      .selectFrom('properties')
      .leftJoin('hazard_cells', 'hazard_cells.h3_index', 'properties.h3_cell')
      .where('hazard_cells.h3_index', 'is', null)
      .select('properties.id')
      .execute();
    expect(missing).toEqual([]);
    const indexes = await db
      .selectFrom('pg_indexes' as never)
      .select('indexname' as never)
      .where('tablename' as never, '=', 'properties' as never)
      .execute();
    expect(indexes.map((i) => (i as { indexname: string }).indexname)).toContain('properties_address_trgm_idx');
  });
});

describe('geocoder', () => {
  it('resolves every landmark address exactly, with full confidence at rooftop precision', async () => {
    for (const address of landmarkAddresses) {
      const result = await geocodeAddress(db, address);
      expect(result, address).toMatchObject({ address, confidence: 1, precision: 'rooftop', matchedBy: 'exact' });
      expect(result!.propertyId).toMatch(/^p-l/);
    }
  });

  it('resolves the same address however it is written', async () => {
    const expected = await geocodeAddress(db, '1427 Wheatland Ave, Wichita, KS 67203');
    for (const variant of [
      '1427 wheatland avenue wichita ks 67203-4411',
      '1427 WHEATLAND AVE., WICHITA, KANSAS, 67203',
      '1427 Wheatland Ave Apt 2, Wichita KS 67203',
    ]) {
      const result = await geocodeAddress(db, variant);
      expect(result?.propertyId, variant).toBe(expected!.propertyId);
    }
    // Without the ZIP it still matches exactly, a little less sure.
    const noZip = await geocodeAddress(db, '1427 Wheatland Ave, Wichita, KS');
    expect(noZip).toMatchObject({ propertyId: expected!.propertyId, matchedBy: 'exact' });
    expect(noZip!.confidence).toBeLessThan(1);
    expect(noZip!.confidence).toBeGreaterThan(0.9);
  });

  it('resolves typos fuzzily, with lower confidence', async () => {
    const exact = await geocodeAddress(db, '5120 Ridgecrest Dr, Paradise, CA 95969');
    for (const typo of [
      '5120 Ridgecrst Dr, Paradise, CA 95969',
      '5120 Rigdecrest Drive Paradise CA',
      '5120 Ridgecrest Drv, Paradiss, CA',
    ]) {
      const result = await geocodeAddress(db, typo);
      expect(result?.propertyId, typo).toBe(exact!.propertyId);
      expect(result!.matchedBy).toBe('fuzzy');
      expect(result!.confidence).toBeLessThan(exact!.confidence);
      expect(result!.confidence).toBeGreaterThan(0.5);
    }
    // A misspelt city beside a right ZIP, street and number is still that house, less surely.
    const city = await geocodeAddress(db, '5120 Ridgecrest Dr, Paradiss, CA 95969');
    expect(city).toMatchObject({ propertyId: exact!.propertyId, matchedBy: 'exact' });
    expect(city!.confidence).toBeLessThan(0.9);
  });

  it('falls back to the street, the ZIP and the city with decreasing precision', async () => {
    const street = await geocodeAddress(db, '1431 Wheatland Ave, Wichita, KS 67203');
    // 1431 exists on the landmark street (1427 + 4): exact. A number that does not exist gives the street.
    expect(street?.matchedBy).toBe('exact');
    const missing = await geocodeAddress(db, '99999 Wheatland Ave, Wichita, KS 67203');
    expect(missing).toMatchObject({ precision: 'street' });
    expect(missing!.confidence).toBeLessThan(0.7);
    const noZip = await geocodeAddress(db, '99999 Wheatland Ave, Wichita, KS');
    expect(noZip).toMatchObject({
      precision: 'street',
      address: expect.stringContaining('Wheatland Ave, Wichita, KS 67203'),
    });
    const zip = await geocodeAddress(db, '67203');
    expect(zip).toMatchObject({ precision: 'zip', propertyId: null });
    const city = await geocodeAddress(db, 'Baton Rouge, LA');
    expect(city).toMatchObject({ precision: 'city', propertyId: null });
    expect(await geocodeAddress(db, 'qwerty')).toBeNull();
  });

  it('resolves coordinates to the containing parcel, the nearest parcel, or a bare point', async () => {
    const landmark = await db
      .selectFrom('properties')
      .selectAll()
      .where('id', '=', 'p-l00-000')
      .executeTakeFirstOrThrow();
    const ring = (landmark.parcel as GeoJSON.Polygon).coordinates[0] as [number, number][];
    // A corner-ward point inside the parcel, away from the building.
    const inside = { lng: ring[0]![0] * 0.8 + landmark.lng * 0.2, lat: ring[0]![1] * 0.8 + landmark.lat * 0.2 };
    const hit = await geocode(db, `${inside.lat},${inside.lng}`, 'coordinates');
    expect(hit).toMatchObject({ propertyId: landmark.id, precision: 'parcel', matchedBy: 'parcel', confidence: 1 });
    // The same read from text typed in the address box.
    expect((await geocode(db, `${inside.lat}, ${inside.lng}`))?.propertyId).toBe(landmark.id);

    const [farLng, farLat] = offsetMetres(37.0, -100.0, 0, 0);
    const nowhere = await geocodeCoordinates(db, { lat: farLat, lng: farLng });
    expect(nowhere).toMatchObject({ propertyId: null, precision: 'point', lat: farLat, lng: farLng });
  });

  it('takes the nearest parcel for a point just off every parcel (in the street)', async () => {
    const landmark = await db
      .selectFrom('properties')
      .selectAll()
      .where('id', '=', 'p-l00-000')
      .executeTakeFirstOrThrow();
    // The landmark is the first lot of its street; its front edge is 8 m from the street centre line.
    const ring = (landmark.parcel as GeoJSON.Polygon).coordinates[0] as [number, number][];
    const [x0, y0] = ring[0]!;
    const [x1, y1] = ring[1]!;
    // Midpoint of the front edge, pushed 4 m away from the lot.
    const mid = { lng: (x0 + x1) / 2, lat: (y0 + y1) / 2 };
    const towards = { lng: mid.lng - landmark.lng, lat: mid.lat - landmark.lat };
    const length = Math.hypot(towards.lng * Math.cos((mid.lat * Math.PI) / 180), towards.lat) * 111_320;
    const point = { lat: mid.lat + (towards.lat / length) * 4, lng: mid.lng + (towards.lng / length) * 4 };
    const result = await geocodeCoordinates(db, point);
    expect(result.matchedBy).toBe('nearest');
    expect(result.propertyId).toBe(landmark.id);
    expect(result.confidence).toBeLessThan(1);
  });
});

describe('autocomplete', () => {
  it('suggests addresses starting with what was typed, at most ten', async () => {
    const suggestions = await autocompleteAddresses(db, '1427 Wheatland');
    expect(suggestions[0]).toMatchObject({ address: '1427 Wheatland Ave, Wichita, KS 67203', propertyId: 'p-l00-000' });
    const broad = await autocompleteAddresses(db, '1');
    expect(broad).toEqual([]);
    const many = await autocompleteAddresses(db, '14');
    expect(many.length).toBeLessThanOrEqual(10);
  });

  it('tops up with fuzzy suggestions for a typo or a missing house number', async () => {
    const numbered = await autocompleteAddresses(db, '1427 Wheatlnd Ave');
    expect(numbered[0]?.address).toBe('1427 Wheatland Ave, Wichita, KS 67203');
    const typo = await autocompleteAddresses(db, 'Wheatlnd Ave Wichita');
    expect(typo.map((s) => s.address)).toContain('1427 Wheatland Ave, Wichita, KS 67203');
    const byStreet = await autocompleteAddresses(db, 'ridgecrest dr paradise');
    expect(byStreet.some((s) => s.address.startsWith('5120 Ridgecrest Dr'))).toBe(true);
  });

  it('answers quickly', async () => {
    const started = performance.now();
    for (const text of ['1427 Whe', '5120 Ridgecrest', 'Seawall Blvd Gulf', '58 Palmetto St, Charl', '2210 river'])
      await autocompleteAddresses(db, text);
    expect((performance.now() - started) / 5).toBeLessThan(100);
  });
});

describe('findPropertyByLocation', () => {
  it('finds the property for an address or coordinates, and nothing for unknown text', async () => {
    const byAddress = await findPropertyByLocation(db, '310 Seawall Blvd, Gulfport, MS 39501');
    expect(byAddress?.property).toMatchObject({ address: '310 Seawall Blvd, Gulfport, MS 39501', state: 'MS' });
    const byPoint = await findPropertyByLocation(
      db,
      `${byAddress!.property!.lat},${byAddress!.property!.lng}`,
      'coordinates',
    );
    expect(byPoint?.property?.id).toBe(byAddress!.property!.id);
    expect(byPoint?.match.precision).toBe('parcel');
    expect(await findPropertyByLocation(db, 'not a place', 'coordinates')).toBeNull();
    const zipOnly = await findPropertyByLocation(db, '39501');
    expect(zipOnly).toMatchObject({ property: null, match: { precision: 'zip' } });
  });
});
