import {
  assessmentResponseSchema,
  imageCatalogResponseSchema,
  modelSpecificationsResponseSchema,
  recentLookupsResponseSchema,
} from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { OBLIQUE_SIZE, ORTHO_SIZE } from '../src/domain/imagery/service.js';
import { PORTFOLIO_PRODUCTS } from '@zview/contracts';
import { riskModelScorer } from '../src/domain/portfolio/pipeline/risk-scorer.js';
import { seedWorld } from '../src/world/seed.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

const { app, db, url } = await useTestApp();
await seedWorld(url, { properties: 300 });

const ALL = [
  'zfire',
  'zhail',
  'zstorm',
  'zwind',
  'zwater',
  'zproperty',
  'roof_age',
  'building_permits',
  'ibhs',
  'oblique-imagery',
  'zproperty-historical_look_back',
];
const home = await createOrganization(db, { name: 'Home Mutual', products: ALL });
const fireOnly = await createOrganization(db, { name: 'Fire Only Co', products: ['zfire'] });
const foreign = await createOrganization(db, { name: 'Foreign Org', products: ALL });
const user = await createUser(db, { org: home });
const fireUser = await createUser(db, { org: fireOnly });
const foreignUser = await createUser(db, { org: foreign });
const headers = await authHeader(app, user);
const fireHeaders = await authHeader(app, fireUser);
const foreignHeaders = await authHeader(app, foreignUser);

const WICHITA = '1427 Wheatland Ave, Wichita, KS 67203';
const assessUrl = (query: Record<string, string>) =>
  `/api/caribou/v3/property/assessment/zview?${new URLSearchParams(query)}`;

describe('GET /api/caribou/v3/property/assessment/zview', () => {
  it('resolves an address and scores every enabled product, with imagery', async () => {
    const res = await app.inject({
      method: 'GET',
      url: assessUrl({ location_type: 'address', location: WICHITA }),
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = assessmentResponseSchema.parse(res.json());
    expect(body.location.address?.formatted).toBe(WICHITA);
    expect(body.location.precision).toBe('rooftop');
    expect(body.location.confidence).toBe(1);
    expect(Object.keys(body.products).sort()).toEqual([
      'roof_age',
      'zfire',
      'zhail',
      'zproperty',
      'zstorm',
      'zwater',
      'zwind',
    ]);
    expect(body.products.zhail!.score).toBeGreaterThanOrEqual(1);
    expect(body.products.zhail!.factors.length).toBeGreaterThan(0);
    expect(body.location.buildings.length).toBeGreaterThan(0);
    expect(body.imagery.ortho.length).toBeGreaterThan(1);
    expect(body.imagery.oblique.map((o) => o.direction)).toEqual(['north', 'east', 'south', 'west']);
    expect(body.availableDates[0]).toBe(body.asOf);
    expect(body.sampleData).toBe(true);
  });

  it('serves the orthophoto behind a signed image URL', async () => {
    const res = await app.inject({ method: 'GET', url: assessUrl({ location: WICHITA, products: 'zhail' }), headers });
    const body = assessmentResponseSchema.parse(res.json());
    const image = await app.inject({ method: 'GET', url: body.imagery.ortho[0]!.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.length).toBeGreaterThan(1000);
  });

  it('places each image on the map where it was drawn: a square around the property, as wide as the renderer draws', async () => {
    const res = await app.inject({ method: 'GET', url: assessUrl({ location: WICHITA, products: 'zhail' }), headers });
    const body = assessmentResponseSchema.parse(res.json());
    const { lat, lng } = body.location.point;
    const metresPerDegLat = 111_320;
    for (const item of [...body.imagery.ortho, ...body.imagery.oblique]) {
      const b = item.imageBounds;
      expect((b.north + b.south) / 2).toBeCloseTo(lat, 5);
      expect((b.east + b.west) / 2).toBeCloseTo(lng, 5);
      const heightM = (b.north - b.south) * metresPerDegLat;
      expect(heightM).toBeCloseTo(item.direction ? OBLIQUE_SIZE.spanM : ORTHO_SIZE.halfWidthM * 2, -1);
    }
    // The catalogue gives the same placement.
    const catalogue = imageCatalogResponseSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/caribou/image_catalog?location=${encodeURIComponent(WICHITA)}`,
          headers,
        })
      ).json(),
    );
    const first = catalogue.results.find((r) => r.captureId === body.imagery.ortho[0]!.captureId)!;
    expect(first.imageBounds).toEqual(body.imagery.ortho[0]!.imageBounds);
  });

  it('answers JSON whose per-request parts stay right while the property’s part is remembered', async () => {
    const shouted = WICHITA.toUpperCase(); // the same place and property: both lookups share the cached assessment
    const first = await app.inject({
      method: 'GET',
      url: assessUrl({ location: WICHITA, products: 'zhail' }),
      headers,
    });
    const second = await app.inject({
      method: 'GET',
      url: assessUrl({ location: shouted, products: 'zhail' }),
      headers,
    });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const [a, b] = [assessmentResponseSchema.parse(first.json()), assessmentResponseSchema.parse(second.json())];
    expect([a.location.input, b.location.input]).toEqual([WICHITA, shouted]);
    expect(b.products).toEqual(a.products);
    const flat = assessmentResponseSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: assessUrl({ location: WICHITA, products: 'zhail', images_2d: 'false', images_3d: 'false' }),
          headers,
        })
      ).json(),
    );
    expect([flat.imagery.ortho, flat.imagery.oblique, flat.imagery.comparison]).toEqual([[], [], null]);
    const again = assessmentResponseSchema.parse(
      (await app.inject({ method: 'GET', url: assessUrl({ location: WICHITA, products: 'zhail' }), headers })).json(),
    );
    expect(again.imagery).toEqual(a.imagery);
    expect(again.imagery.ortho.length).toBeGreaterThan(1);
    const fireOnlyView = assessmentResponseSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: assessUrl({ location: WICHITA, products: 'zfire' }),
          headers: fireHeaders,
        })
      ).json(),
    );
    expect(fireOnlyView.imagery.oblique).toEqual([]); // oblique imagery is not enabled for that organisation
  });

  it('scores only the requested products, in the fixed order of keys given', async () => {
    const res = await app.inject({
      method: 'GET',
      url: assessUrl({ location: WICHITA, products: 'zwind,zfire' }),
      headers,
    });
    expect(Object.keys(res.json().products).sort()).toEqual(['zfire', 'zwind']);
  });

  it('refuses products the organisation has not enabled with 403', async () => {
    const res = await app.inject({
      method: 'GET',
      url: assessUrl({ location: WICHITA, products: 'zhail' }),
      headers: fireHeaders,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Z-HAIL is not enabled for your organization.');
    const defaults = await app.inject({ method: 'GET', url: assessUrl({ location: WICHITA }), headers: fireHeaders });
    expect(Object.keys(defaults.json().products)).toEqual(['zfire']);
    expect(defaults.json().imagery.oblique).toEqual([]);
  });

  it('resolves coordinates to the parcel there', async () => {
    const first = assessmentResponseSchema.parse(
      (await app.inject({ method: 'GET', url: assessUrl({ location: WICHITA }), headers })).json(),
    );
    const { lat, lng } = first.location.point;
    const res = await app.inject({
      method: 'GET',
      url: assessUrl({ location_type: 'coordinates', location: `${lat},${lng}` }),
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().location.propertyId).toBe(first.location.propertyId);
  });

  it('shows historical look-back scores as of an earlier capture', async () => {
    const latest = assessmentResponseSchema.parse(
      (await app.inject({ method: 'GET', url: assessUrl({ location: WICHITA }), headers })).json(),
    );
    const earlier = latest.availableDates[latest.availableDates.length - 1]!;
    const res = await app.inject({ method: 'GET', url: assessUrl({ location: WICHITA, as_of: earlier }), headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().asOf).toBe(earlier);
    const denied = await app.inject({
      method: 'GET',
      url: assessUrl({ location: WICHITA, as_of: earlier }),
      headers: fireHeaders,
    });
    expect(denied.statusCode).toBe(403);
  });

  it('gives one property the same score and confidence as a portfolio row scored today (one model version, one answer)', async () => {
    for (const address of ['742 Foothill Rd, Boulder, CO 80302', '310 Seawall Blvd, Gulfport, MS 39501', WICHITA]) {
      const looked = assessmentResponseSchema.parse(
        (await app.inject({ method: 'GET', url: assessUrl({ location: address }), headers })).json(),
      );
      const { lat, lng } = looked.location.point;
      const rows = await riskModelScorer(db).scoreRows(
        [{ rowNumber: 1, latitude: lat, longitude: lng } as never],
        [...PORTFOLIO_PRODUCTS],
        { organizationId: 0, portfolioId: 0, runId: 0, modelVersion: '' },
      );
      for (const row of rows) {
        const product = looked.products[row.product]!;
        expect({
          address,
          product: row.product,
          score: product.score,
          confidence: product.confidence.value,
          model: product.modelVersion,
        }).toEqual({
          address,
          product: row.product,
          score: row.score,
          confidence: row.confidence,
          model: row.modelVersion,
        });
      }
    }
  });

  it('answers 404 with a clear message for an unknown place and 400 for bad input', async () => {
    const unknown = await app.inject({ method: 'GET', url: assessUrl({ location: 'zzqx qqzz' }), headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/could not find that location/);
    for (const query of [
      {},
      { location: '' },
      { location: 'x'.repeat(400) },
      { location: WICHITA, products: 'zquake' },
      { location: WICHITA, location_type: 'portal' },
      { location: WICHITA, as_of: 'yesterday' },
    ]) {
      const res = await app.inject({ method: 'GET', url: assessUrl(query as Record<string, string>), headers });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().error.message.length).toBeGreaterThan(5);
    }
  });

  it('needs a token, and refuses a foreign organisation with 404', async () => {
    expect((await app.inject({ method: 'GET', url: assessUrl({ location: WICHITA }) })).statusCode).toBe(401);
    const res = await app.inject({
      method: 'GET',
      url: `${assessUrl({ location: WICHITA })}&target_organization_id=${home.id}`,
      headers: foreignHeaders,
    });
    expect(res.statusCode).toBe(404);
  });

  it('writes one zview usage record per scored product', async () => {
    const org = await createOrganization(db, { products: ['zfire', 'zhail'] });
    const member = await createUser(db, { org });
    await app.inject({ method: 'GET', url: assessUrl({ location: WICHITA }), headers: await authHeader(app, member) });
    const usage = await db
      .selectFrom('usage_events')
      .select(['product', 'channel', 'user_id'])
      .where('organization_id', '=', org.id)
      .orderBy('product')
      .execute();
    expect(usage).toEqual([
      { product: 'zfire', channel: 'zview', user_id: member.id },
      { product: 'zhail', channel: 'zview', user_id: member.id },
    ]);
  });
});

describe('companion endpoints', () => {
  it('lists the image catalogue of a location', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/caribou/image_catalog?location=${encodeURIComponent(WICHITA)}`,
      headers,
    });
    const body = imageCatalogResponseSchema.parse(res.json());
    expect(body.results.some((r) => r.kind === 'ortho')).toBe(true);
    expect(body.results.some((r) => r.kind === 'oblique')).toBe(true);
  });

  it("says 'location is required' for building permits without a location", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/caribou/building_permits', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('location is required');
    const ok = await app.inject({
      method: 'GET',
      url: `/api/caribou/building_permits?location=${encodeURIComponent(WICHITA)}`,
      headers,
    });
    expect(ok.statusCode).toBe(200);
    expect(Array.isArray(ok.json().results)).toBe(true);
    const notEnabled = await app.inject({
      method: 'GET',
      url: `/api/caribou/building_permits?location=${encodeURIComponent(WICHITA)}`,
      headers: fireHeaders,
    });
    expect(notEnabled.statusCode).toBe(403);
  });

  it('publishes the model specifications', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/caribou/specifications', headers });
    const body = modelSpecificationsResponseSchema.parse(res.json());
    expect(body.specifications.map((s) => s.product)).toContain('zfire');
  });

  it('answers IBHS evaluations only where enabled', async () => {
    const ok = await app.inject({
      method: 'GET',
      url: `/api/ibhs/evaluations?location=${encodeURIComponent(WICHITA)}`,
      headers,
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/ibhs/evaluations?location=${encodeURIComponent(WICHITA)}`,
          headers: fireHeaders,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lists the organisation’s recent lookups, never another organisation’s', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/caribou/property/recent', headers });
    const body = recentLookupsResponseSchema.parse(res.json());
    expect(body.total).toBeGreaterThan(0);
    expect(body.results[0]!.address).toBe(WICHITA);
    const theirs = recentLookupsResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/caribou/property/recent', headers: foreignHeaders })).json(),
    );
    expect(theirs.results.every((r) => r.userEmail !== user.email)).toBe(true);
  });

  it('lists each recently looked-up property once, latest lookup first, with how many times it was looked up', async () => {
    const org = await createOrganization(db, { name: 'Recent Co', products: ALL });
    const someone = await createUser(db, { org });
    const theirHeaders = await authHeader(app, someone);
    const BOULDER = '742 Foothill Rd, Boulder, CO 80302';
    for (const location of [WICHITA, BOULDER, WICHITA, WICHITA]) {
      expect(
        (await app.inject({ method: 'GET', url: assessUrl({ location, products: 'zfire' }), headers: theirHeaders }))
          .statusCode,
      ).toBe(200);
    }
    const body = recentLookupsResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/caribou/property/recent', headers: theirHeaders })).json(),
    );
    expect(body.results.map((r) => [r.address, r.count])).toEqual([
      [WICHITA, 3],
      [BOULDER, 1],
    ]);
    expect(body.total).toBe(2);
  });

  it('autocompletes addresses', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/caribou/property/autocomplete?q=1427%20Wheat', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0].address).toBe(WICHITA);
  });
});
