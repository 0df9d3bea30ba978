import { describe, expect, it } from 'vitest';
import { findMockCase, type MockLookup } from '../src/domain/mocks/match.js';
import type { MockCaseRow } from '../src/db/mocks.js';
import { seedWorld } from '../src/world/seed.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/**
 * Mock cases in the property view's lookups: a matching lookup answers the mock response (marked
 * mock, not billed); anything else is scored by the models as usual.
 */
const { app, db, url } = await useTestApp();
await seedWorld(url, { properties: 200 });
const org = await createOrganization(db, {
  name: 'Mock Lookups Co',
  products: ['zfire', 'zhail', 'zwind', 'zproperty'],
});
const user = await authHeader(app, await createUser(db, { org }));
const staff = await authHeader(app, await createUser(db, { internalAdmin: true }));
const WICHITA = '1427 Wheatland Ave, Wichita, KS 67203';

const lookup = (location: string, products: string, locationType = 'address') =>
  app.inject({
    method: 'GET',
    url: `/api/caribou/v3/property/assessment/zview?${new URLSearchParams({ location_type: locationType, location, products })}`,
    headers: user,
  });
const usageCount = async () =>
  Number(
    (
      await db
        .selectFrom('usage_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('organization_id', '=', org.id)
        .executeTakeFirstOrThrow()
    ).n,
  );

// The mock payload: the real answer for Wichita, with a hail score no model would give it today.
const real = (await lookup(WICHITA, 'zhail,zfire')).json<{
  location: { point: { lat: number; lng: number } };
  products: Record<string, { score: number }>;
}>();
const payload = {
  ...real,
  products: { ...real.products, zhail: { ...real.products.zhail, score: 9.9, riskLevel: 'high' } },
};
const response = (
  await app.inject({
    method: 'POST',
    url: '/api/caribou/mocks/responses',
    headers: staff,
    payload: { name: 'Wichita hail 9.9', payload },
  })
).json<{ id: number }>();
const { lat, lng } = real.location.point;
for (const mockCase of [
  { location: '1427 wheatland ave,  wichita, KS 67203', location_type: 'address', products: ['zhail', 'zfire'] },
  // Coordinates as the form sends them: 'lng,lat'.
  { location: `${lng},${lat}`, location_type: 'coordinates', products: ['zhail'] },
  // The same Wichita payload answering a point in Los Angeles (issue 45 item 4).
  { location: '-118.2437,34.0522', location_type: 'coordinates', products: ['zhail'] },
]) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/caribou/mocks/cases',
    headers: staff,
    payload: { ...mockCase, apiVersion: 'v3', mockResponseId: response.id },
  });
  expect(res.statusCode).toBe(201);
}

describe('lookups that match a mock case', () => {
  it('answer the mock response by address (case and spacing aside), marked mock and not billed', async () => {
    const before = await usageCount();
    const res = await lookup('1427 Wheatland Ave, Wichita, KS  67203', 'zhail');
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      mock: unknown;
      products: Record<string, { score: number }>;
      location: { input: string };
    }>();
    expect(body.mock).toEqual({ mockResponseId: response.id, name: 'Wichita hail 9.9' });
    expect(Object.keys(body.products)).toEqual(['zhail']);
    expect(body.products.zhail!.score).toBe(9.9);
    expect(body.location.input).toBe('1427 Wheatland Ave, Wichita, KS  67203');
    expect(await usageCount()).toBe(before);
  });

  it('answer it by coordinates: the case holds lng,lat, the lookup sends lat,lng', async () => {
    const res = await lookup(`${lat},${lng}`, 'zhail', 'coordinates');
    expect(res.json<{ mock?: unknown }>().mock).toEqual({ mockResponseId: response.id, name: 'Wichita hail 9.9' });
  });

  it('a coordinates case answers at the point asked about, not at the payload’s address', async () => {
    const body = (await lookup('34.0522,-118.2437', 'zhail', 'coordinates')).json<{
      mock?: unknown;
      location: { address: unknown; propertyId: unknown; point: { lat: number; lng: number }; parcel: unknown };
    }>();
    expect(body.mock).toEqual({ mockResponseId: response.id, name: 'Wichita hail 9.9' });
    expect(body.location).toMatchObject({
      address: null,
      propertyId: null,
      parcel: null,
      point: { lat: 34.0522, lng: -118.2437 },
    });
  });

  it('answers the subset of the case’s products the lookup asked for; a lookup of none of them is scored', async () => {
    type Answer = { mock?: unknown; products: Record<string, { score: number }> };
    expect(Object.keys((await lookup(WICHITA, 'zhail,zfire')).json<Answer>().products).sort()).toEqual([
      'zfire',
      'zhail',
    ]);
    // The property view asks for every enabled product: the case's products are answered, the others left out.
    const mixed = (await lookup(WICHITA, 'zhail,zwind')).json<Answer>();
    expect(mixed.mock).toBeDefined();
    expect(Object.keys(mixed.products)).toEqual(['zhail']);
    const coordinates = (await lookup(`${lat},${lng}`, 'zhail,zfire', 'coordinates')).json<Answer>();
    expect(Object.keys(coordinates.products)).toEqual(['zhail']);

    const before = await usageCount();
    const scored = (await lookup(WICHITA, 'zwind')).json<Answer>();
    expect(scored.mock).toBeUndefined();
    expect(Object.keys(scored.products)).toEqual(['zwind']);
    expect(await usageCount()).toBe(before + 1);
    expect((await lookup(`${lat},${lng}`, 'zfire', 'coordinates')).json<Answer>().mock).toBeUndefined();
  });

  it('not at another address, and never for a product the organisation lacks', async () => {
    expect(
      (await lookup('3300 Mesquite Ln, Amarillo, TX 79106', 'zhail')).json<{ mock?: unknown }>().mock,
    ).toBeUndefined();
    expect((await lookup(WICHITA, 'zstorm')).statusCode).toBe(403);
  });

  it('a deleted case stops answering at once', async () => {
    const query = new URLSearchParams({
      location: `${lng},${lat}`,
      location_type: 'coordinates',
      apiVersion: 'v3',
      products: 'zhail',
    });
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/caribou/mocks/cases/${response.id}?${query}`, headers: staff }))
        .statusCode,
    ).toBe(200);
    expect((await lookup(`${lat},${lng}`, 'zhail', 'coordinates')).json<{ mock?: unknown }>().mock).toBeUndefined();
  });
});

describe('findMockCase (pure)', () => {
  const row = (over: Partial<MockCaseRow>): MockCaseRow => ({
    location: '1 Main St, Town, KS 67000',
    location_type: 'address',
    api_version: 'v3',
    mock_response_id: 1,
    products: ['zfire', 'zhail'],
    mock_response_name: 'm',
    ...over,
  });
  const ask = (over: Partial<MockLookup>): MockLookup => ({
    location: '1 main st, town, ks 67000',
    locationType: 'address',
    products: ['zhail'],
    apiVersion: 'v3',
    ...over,
  });

  it('needs the same API version', () => {
    expect(findMockCase([row({})], ask({}))).toBeDefined();
    expect(findMockCase([row({ api_version: 'v4' })], ask({}))).toBeUndefined();
    expect(findMockCase([row({ api_version: 'v4' }), row({ mock_response_id: 2 })], ask({}))?.mock_response_id).toBe(2);
  });

  it('needs the same location type, and a product of the case', () => {
    expect(findMockCase([row({})], ask({ locationType: 'coordinates' }))).toBeUndefined();
    expect(findMockCase([row({})], ask({ products: ['zfire', 'zhail'] }))).toBeDefined();
    expect(findMockCase([row({})], ask({ products: ['zfire', 'zwind'] }))).toBeDefined();
    expect(findMockCase([row({})], ask({ products: ['zwind', 'zstorm'] }))).toBeUndefined();
    expect(findMockCase([row({})], ask({ products: [] }))).toBeUndefined();
  });

  it('compares coordinates within a metre, lng,lat against lat,lng', () => {
    const coordinates = row({ location: '-97.3361,37.6922', location_type: 'coordinates' });
    expect(
      findMockCase([coordinates], ask({ locationType: 'coordinates', location: '37.6922,-97.3361' })),
    ).toBeDefined();
    expect(
      findMockCase([coordinates], ask({ locationType: 'coordinates', location: '37.69220001, -97.33610001' })),
    ).toBeDefined();
    expect(
      findMockCase([coordinates], ask({ locationType: 'coordinates', location: '37.6932,-97.3361' })),
    ).toBeUndefined();
  });
});
