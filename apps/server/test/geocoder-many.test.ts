import { describe, expect, it } from 'vitest';
import { geocodeAddress, geocodeAddressesMany, placeAddressesMany } from '../src/domain/geocoder/index.js';
import { useTestWorld } from './world.js';

const { db } = await useTestWorld({ properties: 400 });

describe('geocodeAddressesMany (set-wise, portfolio chunks)', () => {
  it('answers exactly what the single-address geocoder answers, in input order', async () => {
    const world = await db
      .selectFrom('properties')
      .select(['address_line', 'city', 'state', 'zip', 'unit'])
      .orderBy('id')
      .limit(60)
      .execute();
    const texts = [
      ...world.map((p) => `${p.address_line}, ${p.city}, ${p.state} ${p.zip}`),
      ...world.slice(0, 10).map((p) => `${p.address_line.toLowerCase()} ${p.city} ${p.state}`), // no ZIP: the single path
      ...world.slice(10, 20).map((p) => `${p.address_line.replace(/[aeiou]/i, '')}, ${p.city}, ${p.state} ${p.zip}`), // typo: fuzzy
      ...world.slice(20, 25).map((p) => `${p.address_line}, ${p.city}, ${p.state} 99999`), // wrong ZIP: fuzzy everywhere
      ...world.slice(25, 30).map((p) => `99999 ${p.address_line.replace(/^\S+ /, '')}, ${p.city}, ${p.state} ${p.zip}`), // street only
      '1427 Wheatland Ave, Wichita, KS 67203',
      '1427 wheatland avenue wichita ks 67203-4411', // the same address written another way
      '1427 Wheatland Ave, Wichita, KS 67203', // and again: looked up once
      'Wichita, KS',
      '67203',
      '1 Nowhere Lane, Atlantis, ZZ 00000',
      '',
      '   ',
    ];
    const many = await geocodeAddressesMany(db, texts);
    const single = await Promise.all(texts.map((text) => geocodeAddress(db, text)));
    expect(many).toEqual(single);
    // The sample covers every way of matching.
    const ways = new Set(many.map((m) => m?.matchedBy ?? 'none'));
    for (const way of ['exact', 'fuzzy', 'street', 'zip', 'city', 'none']) expect(ways, way).toContain(way);
  });

  it("looks for a house across the country only when the address's ZIP may be the mistake", async () => {
    const landmark = await geocodeAddress(db, '1427 Wheatland Ave, Wichita, KS 67203');
    expect(landmark?.matchedBy).toBe('exact');
    const texts = [
      // Another of Wichita's ZIP codes: taken as right, and the house is not in it.
      '1427 Wheatland Ave, Wichita, KS 67202',
      // A ZIP that is not Wichita's may be the mistake: the house is found across the country.
      '1427 Wheatland Ave, Wichita, KS 99999',
    ];
    const [many, single] = await Promise.all([
      geocodeAddressesMany(db, texts),
      Promise.all(texts.map((text) => geocodeAddress(db, text))),
    ]);
    expect(many).toEqual(single);
    expect(many[0]).toMatchObject({ propertyId: null, matchedBy: 'zip' });
    expect(many[1]).toMatchObject({ propertyId: landmark!.propertyId, matchedBy: 'fuzzy' });
  });

  it('answers an empty set with an empty list', async () => {
    expect(await geocodeAddressesMany(db, [])).toEqual([]);
    expect(await placeAddressesMany(db, [])).toEqual([]);
  });

  it('places every address where geocodeAddressesMany does (placeAddressesMany: the place only)', async () => {
    const world = await db
      .selectFrom('properties')
      .select(['address_line', 'city', 'state', 'zip', 'unit'])
      .orderBy('id')
      .limit(90)
      .execute();
    const texts = [
      ...world.map((p) => `${p.address_line}, ${p.city}, ${p.state} ${p.zip}`),
      ...world.slice(30, 40).map((p) => `${p.address_line} Apt 4, ${p.city}, ${p.state} ${p.zip}`), // a unit the house lacks
      ...world.slice(0, 10).map((p) => `${p.address_line.toLowerCase()} ${p.city} ${p.state}`),
      ...world.slice(10, 20).map((p) => `${p.address_line.replace(/[aeiou]/i, '')}, ${p.city}, ${p.state} ${p.zip}`),
      ...world.slice(20, 25).map((p) => `${p.address_line}, ${p.city}, ${p.state} 99999`),
      ...world.slice(25, 30).map((p) => `99999 ${p.address_line.replace(/^\S+ /, '')}, ${p.city}, ${p.state} ${p.zip}`),
      'Wichita, KS',
      '67203',
      '1 Nowhere Lane, Atlantis, ZZ 00000',
      '',
    ];
    const [places, full] = await Promise.all([placeAddressesMany(db, texts), geocodeAddressesMany(db, texts)]);
    expect(
      places.map((p) => p && { propertyId: p.propertyId, lat: p.lat, lng: p.lng, precision: p.precision }),
    ).toEqual(full.map((r) => r && { propertyId: r.propertyId, lat: r.lat, lng: r.lng, precision: r.precision }));
    expect(full.filter((r) => r?.matchedBy === 'exact').length).toBeGreaterThan(world.length);
  });
});
