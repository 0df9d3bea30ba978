import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  API_KEY_PATTERN,
  apiKeyCreatedSchema,
  apiKeyListSchema,
  assessmentResponseSchema,
  problemSchema,
  v1BatchResponseSchema,
  v1UsageResponseSchema,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/database.js';
import { worldImagerySources } from '../src/domain/property/imagery-sources.js';
import { seedWorld } from '../src/world/seed.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

const { app, db, url } = await useTestApp({ BILLING_PAGE_ENABLED: 'true' });
await seedWorld(url, { properties: 300 });

/** A second server process on the same database (its own pool, caches and change feed). */
async function secondApp(): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zview-test-data-'));
  const { db: db2 } = createDb(url, 5);
  const other = await buildApp({
    config: loadConfig({ PORT: '0', DATABASE_URL: url, DATA_DIR: dataDir, BILLING_PAGE_ENABLED: 'true' }),
    db: db2,
    imagery: worldImagerySources(db2),
  });
  await other.ready();
  afterAll(async () => {
    await other.close();
    await db2.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return other;
}
const app2 = await secondApp();

const PRODUCTS = ['zfire', 'zhail', 'zwind', 'zstorm', 'zproperty', 'self_serve_billing', 'oblique-imagery'];
const org = await createOrganization(db, { name: 'Keyed Mutual', products: PRODUCTS });
const other = await createOrganization(db, { name: 'Other Mutual', products: PRODUCTS });
const admin = await createUser(db, { org, role: 'admin' });
const member = await createUser(db, { org });
const otherAdmin = await createUser(db, { org: other, role: 'admin' });
const staff = await createUser(db, { internalAdmin: true });
const adminHeaders = await authHeader(app, admin);

const WICHITA = '1427 Wheatland Ave, Wichita, KS 67203';
const KEYS = '/api/user-management/api-keys';

async function createKey(headers: Record<string, string>, body: Record<string, unknown> = {}) {
  const res = await app.inject({ method: 'POST', url: KEYS, headers, payload: { name: 'Rating engine', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return apiKeyCreatedSchema.parse(res.json());
}

const assessV1 = (
  target: FastifyInstance,
  key: string,
  query: Record<string, string> = { location: WICHITA, products: 'zhail' },
  header: 'bearer' | 'x-api-key' = 'bearer',
) =>
  target.inject({
    method: 'GET',
    url: `/v1/properties/assessment?${new URLSearchParams(query)}`,
    headers: header === 'bearer' ? { authorization: `Bearer ${key}` } : { 'x-api-key': key },
  });

function expectProblem(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/problem+json');
  const problem = problemSchema.parse(res.json());
  expect(problem.status).toBe(status);
  expect(problem.code).toBe(code);
  expect(problem.requestId).toBe(res.headers['x-request-id']);
  return problem;
}

describe('API keys: lifecycle', () => {
  it('a group admin creates a key shown once, stored as a hash with a visible prefix, and lists it without the secret', async () => {
    const created = await createKey(adminHeaders, { products: ['zhail', 'zfire'] });
    expect(created.key).toMatch(API_KEY_PATTERN);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.status).toBe('active');
    const stored = await db.selectFrom('api_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.key_hash).not.toContain(created.key.slice(8));
    expect(JSON.stringify(stored)).not.toContain(created.key);
    const list = await app.inject({ method: 'GET', url: KEYS, headers: adminHeaders });
    const listed = apiKeyListSchema.parse(list.json()).results.find((k) => k.id === created.id);
    expect(listed?.prefix).toBe(created.prefix);
    expect(list.body).not.toContain(created.key);
    const audit = await db.selectFrom('audit_log').select('action').where('subject', '=', created.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['api_key.create']);
  });

  it('ordinary members cannot manage keys; bad input is a 400', async () => {
    const headers = await authHeader(app, member);
    expect((await app.inject({ method: 'GET', url: KEYS, headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: KEYS, headers, payload: { name: 'x' } })).statusCode).toBe(403);
    for (const payload of [
      { name: '' },
      { name: 'a\u0000b' },
      { name: 'x', products: ['nope'] },
      { name: 'x', expiresAt: '2000-01-01T00:00:00Z' },
      { name: 'x', burst: 1e12 },
      { name: 'x', products: ['zwater'] },
    ]) {
      const res = await app.inject({ method: 'POST', url: KEYS, headers: adminHeaders, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('bad_request'); // the /api error shape is unchanged
    }
  });

  it('a key works with Bearer and x-api-key, records its last use, and a revoked key is refused on the very next request in every process', async () => {
    const { key, id } = await createKey(adminHeaders);
    expect((await assessV1(app, key)).statusCode).toBe(200);
    expect((await assessV1(app2, key, undefined, 'x-api-key')).statusCode).toBe(200);
    const used = await db.selectFrom('api_keys').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();
    const revoked = await app.inject({ method: 'POST', url: `${KEYS}/${id}/revoke`, headers: adminHeaders });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().status).toBe('revoked');
    expectProblem(await assessV1(app, key), 401, 'unauthorized');
    expectProblem(await assessV1(app2, key), 401, 'unauthorized');
  });

  it('an expired key is refused', async () => {
    const { key, id } = await createKey(adminHeaders, { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await assessV1(app2, key)).statusCode).toBe(200);
    await db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expectProblem(await assessV1(app2, key), 401, 'unauthorized');
    const list = apiKeyListSchema.parse((await app.inject({ method: 'GET', url: KEYS, headers: adminHeaders })).json());
    expect(list.results.find((k) => k.id === id)?.status).toBe('expired');
  });

  it('another organisation cannot see or revoke the key; an internal admin can revoke any key', async () => {
    const { key, id } = await createKey(adminHeaders);
    const foreign = await authHeader(app, otherAdmin);
    expect(
      apiKeyListSchema
        .parse((await app.inject({ method: 'GET', url: KEYS, headers: foreign })).json())
        .results.map((k) => k.id),
    ).not.toContain(id);
    expect((await app.inject({ method: 'POST', url: `${KEYS}/${id}/revoke`, headers: foreign })).statusCode).toBe(404);
    expect((await assessV1(app, key)).statusCode).toBe(200);
    const staffHeaders = await authHeader(app, staff);
    const res = await app.inject({
      method: 'POST',
      url: `${KEYS}/${id}/revoke?target_organization_id=${other.id}`,
      headers: staffHeaders,
    });
    expect(res.statusCode, res.body).toBe(200);
    expectProblem(await assessV1(app, key), 401, 'unauthorized');
    expect(
      (await app.inject({ method: 'POST', url: `${KEYS}/not-a-uuid/revoke`, headers: adminHeaders })).statusCode,
    ).toBe(400);
  });
});

describe('/v1 assessment', () => {
  it('answers what the property view answers, from the same code', async () => {
    const { key } = await createKey(adminHeaders);
    const query = { location: WICHITA, location_type: 'address', products: 'zhail,zfire' };
    const v1 = await assessV1(app, key, query);
    const view = await app.inject({
      method: 'GET',
      url: `/api/caribou/v3/property/assessment/zview?${new URLSearchParams(query)}`,
      headers: adminHeaders,
    });
    expect(v1.statusCode, v1.body).toBe(200);
    const a = assessmentResponseSchema.parse(v1.json());
    const b = assessmentResponseSchema.parse(view.json());
    expect(a.location).toEqual(b.location);
    expect(a.products).toEqual(b.products);
    expect(a.imagery.ortho.map((i) => i.imageDateLabel)).toEqual(b.imagery.ortho.map((i) => i.imageDateLabel));
  });

  it('limits products to what the key allows and the organisation enables', async () => {
    const { key } = await createKey(adminHeaders, { products: ['zfire'] });
    const all = await assessV1(app, key, { location: WICHITA });
    expect(Object.keys(assessmentResponseSchema.parse(all.json()).products)).toEqual(['zfire']);
    expectProblem(await assessV1(app, key, { location: WICHITA, products: 'zhail' }), 403, 'forbidden');
    expectProblem(await assessV1(app, key, { location: WICHITA, products: 'nope' }), 400, 'bad_request');
    expectProblem(await assessV1(app, key, { location: '' }), 400, 'bad_request');
    expectProblem(await assessV1(app, key, { location: 'a\u0000b' }), 400, 'bad_request');
    expectProblem(await assessV1(app, key, { location: 'Nowhere Street 99999, Atlantis' }), 404, 'not_found');
  });

  it('answers problem+json with a stable code and a request id for every error', async () => {
    expectProblem(
      await app.inject({ method: 'GET', url: '/v1/properties/assessment?location=x' }),
      401,
      'unauthorized',
    );
    expectProblem(await assessV1(app, 'zv_live_wrong'), 401, 'unauthorized');
    expectProblem(await app.inject({ method: 'GET', url: '/v1/nowhere' }), 404, 'not_found');
    const res = await app.inject({
      method: 'GET',
      url: '/v1/properties/assessment',
      headers: { 'x-request-id': 'client-req-42' },
    });
    expect(res.headers['x-request-id']).toBe('client-req-42');
    expect(problemSchema.parse(res.json()).requestId).toBe('client-req-42');
    // Every answer carries one, /api included.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).headers['x-request-id']).toBeTruthy();
  });

  it('assesses up to 100 locations in one call, each with its own status', async () => {
    const { key } = await createKey(adminHeaders);
    const headers = { authorization: `Bearer ${key}` };
    const res = await app.inject({
      method: 'POST',
      url: '/v1/properties/assessment:batch',
      headers,
      payload: {
        products: 'zhail',
        locations: [
          { location: WICHITA },
          { location: '37.6922,-97.3375', location_type: 'coordinates' },
          { location: 'Nowhere Street 99999, Atlantis' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = v1BatchResponseSchema.parse(res.json());
    expect(body.results.map((r) => r.status)).toEqual([200, 200, 404]);
    expect(body.results[0]!.assessment!.products.zhail).toBeDefined();
    expect(body.results[2]!.problem!.code).toBe('not_found');
    const tooMany = Array.from({ length: 101 }, () => ({ location: WICHITA }));
    expectProblem(
      await app.inject({
        method: 'POST',
        url: '/v1/properties/assessment:batch',
        headers,
        payload: { locations: tooMany },
      }),
      400,
      'bad_request',
    );
    expectProblem(
      await app.inject({
        method: 'POST',
        url: '/v1/properties/assessment:batch',
        headers,
        payload: { locations: [{ location: WICHITA }], products: 'zwater' },
      }),
      403,
      'forbidden',
    );
    expectProblem(
      await app.inject({
        method: 'POST',
        url: '/v1/properties/assessment:batch',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"locations":',
      }),
      400,
      'bad_request',
    );
  });
});

describe('rate limits', () => {
  it('are shared by two server processes on one database: 429 with Retry-After', async () => {
    const { key } = await createKey(adminHeaders, { ratePerSecond: 0.2, burst: 4 });
    const statuses: number[] = [];
    for (const target of [app, app2, app, app2]) statuses.push((await assessV1(target, key)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200]);
    const limited = await assessV1(app2, key);
    expectProblem(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expectProblem(await assessV1(app, key), 429, 'rate_limited');
  });

  it('default to 20 requests/s with a burst of 40', async () => {
    const created = await createKey(adminHeaders);
    expect([created.ratePerSecond, created.burst]).toEqual([20, 40]);
  });
});

describe('metering', () => {
  it('every keyed lookup is metered once on the api channel, shown by GET /v1/usage and billing’s API column', async () => {
    const metered = await createOrganization(db, { name: 'Metered Mutual', products: PRODUCTS });
    const meteredAdmin = await createUser(db, { org: metered, role: 'admin' });
    const start = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
    await db
      .insertInto('agreements')
      .values({ organization_id: metered.id, product: 'zhail', contract_start: start, committed_annual_volume: 1000 })
      .execute();
    const headers = await authHeader(app, meteredAdmin);
    const { key } = await createKey(headers);
    for (let i = 0; i < 3; i++) expect((await assessV1(i % 2 ? app2 : app, key)).statusCode).toBe(200);
    await app.inject({
      method: 'POST',
      url: '/v1/properties/assessment:batch',
      headers: { authorization: `Bearer ${key}` },
      payload: { products: 'zhail', locations: [{ location: WICHITA }, { location: WICHITA }] },
    });
    const rows = await db
      .selectFrom('usage_events')
      .select(['channel', 'product', 'quantity'])
      .where('organization_id', '=', metered.id)
      .execute();
    expect(rows.every((r) => r.channel === 'api' && r.product === 'zhail')).toBe(true);
    expect(rows.length).toBe(5);
    const usage = v1UsageResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': key } })).json(),
    );
    expect(usage.usage).toEqual([{ product: 'zhail', channel: 'api', quantity: 5, unbilledReruns: 0 }]);
    const billing = await app.inject({ method: 'GET', url: '/api/caribou/billing', headers });
    expect(billing.statusCode, billing.body).toBe(200);
    const quarters = billing.json().quarterlyUsageByAgreement.data as { api_total: number; zview: number }[];
    expect(quarters.reduce((sum, q) => sum + q.api_total, 0)).toBe(5);
    expect(quarters.reduce((sum, q) => sum + q.zview, 0)).toBe(0);
  });
});

describe('usage and billing agree', () => {
  it('GET /v1/usage says which portfolio reruns billing leaves out (an agreement that does not bill reruns)', async () => {
    const rerunning = await createOrganization(db, { name: 'Rerun Mutual', products: PRODUCTS });
    const rerunAdmin = await createUser(db, { org: rerunning, role: 'admin' });
    const start = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
    await db
      .insertInto('agreements')
      .values({ organization_id: rerunning.id, product: 'zhail', contract_start: start, committed_annual_volume: 100 })
      .execute();
    const day = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    for (const rerun of [false, true])
      await sql`INSERT INTO usage_rollup (organization_id, product, channel, day, rerun, batch_key, slot, quantity, last_at)
        VALUES (${rerunning.id}, 'zhail', 'portfolio', ${day}::date, ${rerun}, 'b', 0, 10, now())`.execute(db);
    const headers = await authHeader(app, rerunAdmin);
    const { key } = await createKey(headers);
    const usage = v1UsageResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': key } })).json(),
    );
    expect(usage.usage).toEqual([{ product: 'zhail', channel: 'portfolio', quantity: 20, unbilledReruns: 10 }]);
    const billing = await app.inject({ method: 'GET', url: '/api/caribou/billing', headers });
    const years = billing.json().annualUsageByAgreement.data as { usage: number }[];
    const billed = years.reduce((sum, y) => sum + y.usage, 0);
    expect(billed).toBe(usage.usage[0]!.quantity - usage.usage[0]!.unbilledReruns);
  });
});

describe('OpenAPI', () => {
  it('publishes an OpenAPI 3.1 document with every /v1 and /api route and its response schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const routes = app.routeContracts.filter(
      (r) => (r.url.startsWith('/v1/') || r.url.startsWith('/api/')) && !['HEAD', 'OPTIONS'].includes(r.method),
    );
    const toPath = (u: string) =>
      u
        .replaceAll('::', '\u0000')
        .replace(/:([A-Za-z0-9_]+)/g, '{$1}')
        .replaceAll('\u0000', ':');
    const missing = routes
      .filter((r) => !doc.paths[toPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const v1 = routes.filter((r) => r.url.startsWith('/v1/') && r.url !== '/v1/batch');
    expect(v1.length).toBeGreaterThanOrEqual(8);
    for (const r of v1.filter((r) => !r.exempt)) {
      const op = doc.paths[toPath(r.url)]![r.method.toLowerCase()]!;
      expect(
        Object.entries(op.responses).some(([status, answer]) => status.startsWith('2') && answer.content),
        `${r.method} ${r.url}`,
      ).toBe(true);
    }
    expect(doc.paths['/v1/properties/assessment:batch']?.post).toBeDefined();
    const docs = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('/api/docs/assets/swagger-ui-bundle.js'); // renders /api/openapi.json (public-api-client.test.ts)
    const slashed = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect([slashed.statusCode, slashed.headers.location]).toEqual([301, '/api/docs']);
  });
});

describe('a client that only has fetch', () => {
  it('calls the main endpoints over HTTP', async () => {
    const { key } = await createKey(adminHeaders);
    const base = await app2.listen({ port: 0, host: '127.0.0.1' });
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/v1/usage');
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const one = await fetch(
      `${base}/v1/properties/assessment?${new URLSearchParams({ location: WICHITA, products: 'zhail' })}`,
      { headers },
    );
    expect(one.status).toBe(200);
    expect(one.headers.get('x-request-id')).toBeTruthy();
    expect(assessmentResponseSchema.parse(await one.json()).products.zhail).toBeDefined();
    const batch = await fetch(`${base}/v1/properties/assessment:batch`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ locations: [{ location: WICHITA }] }),
    });
    expect(v1BatchResponseSchema.parse(await batch.json()).results[0]!.status).toBe(200);
    const usage = await fetch(`${base}/v1/usage`, { headers });
    expect(v1UsageResponseSchema.parse(await usage.json()).organizationId).toBe(org.id);
    const refused = await fetch(`${base}/v1/usage`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
  });
});
