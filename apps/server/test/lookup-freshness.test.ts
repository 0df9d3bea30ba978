import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/database.js';
import { worldImagerySources } from '../src/domain/property/imagery-sources.js';
import { loadPropertyFeatures } from '../src/domain/property/load.js';
import { seedWorld } from '../src/world/seed.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/**
 * Issue 46: lookups are answered from in-process caches (the token's user and memberships, the
 * property's rows and assessment, the organisation's published appeals, the mock cases). Here a
 * lookup is made twice on API process A (the second from its caches), then a change is made
 * through API process B — another app on its own pool and change feed, as a second process of
 * `API_PROCESSES=2` or of a fleet — and A's very next lookup must show it: an appeal, a mock, a
 * permission, an entitlement. Metering stays exactly once per lookup, also on the cached path.
 */
const { app, db, url } = await useTestApp();
await seedWorld(url, { properties: 200 });

// Process B: its own pool (so its own change feed) and its own data folder (the same secrets are
// read from the database's signing keys, as every process of a deployment does).
const other = createDb(url, 5);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zview-test-data-b-'));
const appB = await buildApp({
  config: loadConfig({ PORT: '0', DATABASE_URL: url, DATA_DIR: dataDir }),
  db: other.db,
  imagery: worldImagerySources(other.db),
});
await appB.ready();
afterAll(async () => {
  await appB.close();
  await other.db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const WICHITA = '1427 Wheatland Ave, Wichita, KS 67203';
const AMARILLO = '3300 Mesquite Ln, Amarillo, TX 79106';
const PRODUCTS = ['zfire', 'zhail', 'zproperty'];
const org = await createOrganization(db, { name: 'Fresh Lookups Co', products: [...PRODUCTS, 'appeals'] });
const member = await createUser(db, { org, role: 'member' });
const reviewer = await createUser(db, { org, role: 'admin' });
const staff = await createUser(db, { internalAdmin: true });
const H = {
  member: await authHeader(app, member),
  reviewer: await authHeader(appB, reviewer),
  staff: await authHeader(appB, staff),
};

interface Assessment {
  mock?: unknown;
  location: { propertyId: string; h3Index: string };
  products: Record<string, { score: number; amendedByAppeal?: { version: number } }>;
  imagery: { oblique: unknown[] };
}
const lookupRaw = (headers: Record<string, string>, products = 'zhail', location = WICHITA) =>
  app.inject({
    method: 'GET',
    url: `/api/caribou/v3/property/assessment/zview?${new URLSearchParams({ location_type: 'address', location, products })}`,
    headers,
  });
/** Twice: the second answer comes from A's caches (what a change must not leave stale). */
async function lookupTwice(
  headers: Record<string, string>,
  products = 'zhail',
  location = WICHITA,
): Promise<Assessment> {
  const first = await lookupRaw(headers, products, location);
  expect(first.statusCode, first.body).toBe(200);
  const second = await lookupRaw(headers, products, location);
  expect(second.json()).toEqual(first.json());
  return second.json<Assessment>();
}
const usageOf = async (organizationId: number) =>
  Number(
    (
      await db
        .selectFrom('usage_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a lookup after a change made through another API process', () => {
  it('shows an appeal published there', async () => {
    const before = await lookupTwice(H.member);
    const { propertyId, h3Index } = before.location;
    const features = await loadPropertyFeatures(db, propertyId);
    const roof = features!.buildings.sort((a, b) => a.rank - b.rank)[0]!.roofMaterial;
    const material = roof === 'metal' ? 'wood_shake' : 'metal';
    const published = await appB.inject({
      method: 'POST',
      url: '/api/caribou/appeals/publish_features_modification',
      headers: H.reviewer,
      payload: {
        h3Index,
        propertyId,
        product: 'zhail',
        featureName: 'roof_material',
        manualInputs: { roof_material: material },
        reason: 'Roof replaced in 2025, see receipt.',
      },
    });
    expect(published.statusCode, published.body).toBe(200);
    const after = (await lookupRaw(H.member)).json<Assessment>();
    expect(after.products.zhail!.amendedByAppeal).toMatchObject({ version: 1 });
    expect(after.products.zhail!.score).not.toBe(before.products.zhail!.score);
  });

  it('answers a mock case created there', async () => {
    const real = await lookupTwice(H.member, 'zfire');
    expect(real.mock).toBeUndefined();
    const payload = { ...real, products: { zfire: { ...real.products.zfire, score: 9.7 } } };
    const response = await appB.inject({
      method: 'POST',
      url: '/api/caribou/mocks/responses',
      headers: H.staff,
      payload: { name: 'Fresh Wichita fire 9.7', payload },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = await appB.inject({
      method: 'POST',
      url: '/api/caribou/mocks/cases',
      headers: H.staff,
      payload: {
        location: WICHITA,
        location_type: 'address',
        products: ['zfire'],
        apiVersion: 'v3',
        mockResponseId: response.json<{ id: number }>().id,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const mocked = (await lookupRaw(H.member, 'zfire')).json<Assessment>();
    expect(mocked.mock).toBeTruthy();
    expect(mocked.products.zfire!.score).toBe(9.7);
  });

  it('refuses a member deactivated there, and serves them again once reactivated', async () => {
    const user = await createUser(db, { org });
    const headers = await authHeader(app, user);
    await lookupTwice(headers);
    const team = (action: string) =>
      appB.inject({
        method: 'POST',
        url: `/api/user-management/group/users/${action}`,
        headers: H.reviewer,
        payload: { userIds: [user.id] },
      });
    expect((await team('deactivate')).statusCode).toBe(200);
    expect((await lookupRaw(headers)).statusCode).toBe(401);
    expect((await team('activate')).statusCode).toBe(200);
    expect((await lookupRaw(headers)).statusCode).toBe(200);
  });

  it('follows the organisation’s products as changed there (refused, then oblique imagery shown)', async () => {
    const entitled = await createOrganization(db, { name: 'Entitled Co', products: ['zfire', 'zhail'] });
    const headers = await authHeader(app, await createUser(db, { org: entitled }));
    expect((await lookupTwice(headers)).imagery.oblique).toEqual([]);
    await other.db
      .updateTable('organizations')
      .set({ products: ['zfire'] })
      .where('id', '=', entitled.id)
      .execute();
    expect((await lookupRaw(headers)).statusCode).toBe(403);
    await other.db
      .updateTable('organizations')
      .set({ products: ['zfire', 'zhail', 'oblique-imagery'] })
      .where('id', '=', entitled.id)
      .execute();
    const withObliques = await lookupRaw(headers);
    expect(withObliques.statusCode).toBe(200);
    expect(withObliques.json<Assessment>().imagery.oblique.length).toBeGreaterThan(0);
  });
});

describe('metering on the cached path', () => {
  it('counts every lookup once, also 60 at once answered from the caches', async () => {
    const metered = await createOrganization(db, { name: 'Metered Co', products: PRODUCTS });
    const headers = await authHeader(app, await createUser(db, { org: metered }));
    // Not Wichita: the mock case above answers it, unbilled.
    await lookupTwice(headers, 'zfire,zhail', AMARILLO);
    expect(await usageOf(metered.id)).toBe(4);
    const answers = await Promise.all(Array.from({ length: 60 }, () => lookupRaw(headers, 'zfire,zhail', AMARILLO)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    // Committed before each answer went out: no wait needed.
    expect(await usageOf(metered.id)).toBe(4 + 60 * 2);
    const recent = await db
      .selectFrom('property_lookups')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('organization_id', '=', metered.id)
      .executeTakeFirstOrThrow();
    expect(Number(recent.n)).toBe(62);
  });
});
