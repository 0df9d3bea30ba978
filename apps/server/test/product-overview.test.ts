import { productOverviewSchema } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { seedWorld } from '../src/world/seed.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

const { app, db, url } = await useTestApp();
await seedWorld(url, { properties: 300 });

const home = await createOrganization(db, { name: 'Overview Mutual', products: ['zfire', 'zhail'] });
const other = await createOrganization(db, { name: 'Other Mutual', products: ['zfire', 'zhail'] });
const headers = await authHeader(app, await createUser(db, { org: home }));
const otherHeaders = await authHeader(app, await createUser(db, { org: other }));
const overview = (product: string, h = headers) =>
  app.inject({ method: 'GET', url: `/api/caribou/products/${product}/overview`, headers: h });
const lookup = (location: string, h = headers) =>
  app.inject({
    method: 'GET',
    url: `/api/caribou/v3/property/assessment/zview?${new URLSearchParams({ location, products: 'zhail' })}`,
    headers: h,
  });

describe('GET /api/caribou/products/{product}/overview (#21.11)', () => {
  it("gives the data dates, the coverage and the organisation's recent lookups scored by the product, one row per property", async () => {
    await lookup('1427 Wheatland Ave, Wichita, KS 67203');
    await lookup('742 Foothill Rd, Boulder, CO 80302');
    await lookup('1427 Wheatland Ave, Wichita, KS 67203');
    await lookup('310 Seawall Blvd, Gulfport, MS 39501', otherHeaders);
    const res = await overview('zhail');
    expect(res.statusCode, res.body).toBe(200);
    const body = productOverviewSchema.parse(res.json());
    expect(body.dataDates.imageryFrom! < body.dataDates.imageryTo!).toBe(true);
    expect(body.dataDates.captures).toBeGreaterThan(0);
    expect(body.coverage.properties).toBeGreaterThanOrEqual(300);
    expect(body.coverage.states.map((s) => s.state)).toEqual(expect.arrayContaining(['KS', 'CO', 'MS']));
    // Newest first, Wichita once; the other organisation's lookup is not here.
    expect(body.recentLookups.map((l) => l.address)).toEqual([
      '1427 Wheatland Ave, Wichita, KS 67203',
      '742 Foothill Rd, Boulder, CO 80302',
    ]);
    expect(body.recentLookups[0]!.score).toBeGreaterThan(0);
    // zfire was never looked up by this organisation.
    expect(productOverviewSchema.parse((await overview('zfire')).json()).recentLookups).toEqual([]);
  });

  it('refuses a product the organisation lacks and an unknown product', async () => {
    expect((await overview('zwind')).statusCode).toBe(403);
    const unknown = await overview('zbogus');
    expect(unknown.statusCode).toBe(400);
    expect((await overview('%00')).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/caribou/products/zhail/overview' })).statusCode).toBe(401);
  });
});
