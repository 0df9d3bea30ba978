import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { buildServerApp } from '../src/server-app.js';
import { seedWorld } from '../src/world/seed.js';
import { useTestDatabase } from './database.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/**
 * Issues 45 item 9 and 46: the first sign-in and the first lookup after start cost at most about
 * twice a warm one, because the server warms their paths at start (server-app.ts). Timed on an
 * app built as `npm start` builds it, once its warm-up is done; the machine is shared, so the
 * bound has a margin (3× the warm median plus a few milliseconds) — without the warm-up the first
 * lookup took 4–10× a warm one.
 */
const { db, url } = await useTestDatabase();
await seedWorld(url, { properties: 300 });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zview-test-first-'));
const app = await buildServerApp(loadConfig({ PORT: '0', DATABASE_URL: url, DATA_DIR: dataDir }), db, {
  logger: false,
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const org = await createOrganization(db, { name: 'First Co', products: ['zfire', 'zhail', 'zwind', 'zproperty'] });
const user = await createUser(db, { org });
const headers = await authHeader(app, user);
const places = (
  await db
    .selectFrom('properties')
    .select(['address_line', 'city', 'state', 'zip'])
    .orderBy('id', 'desc')
    .limit(8)
    .execute()
).map((p) => `${p.address_line}, ${p.city}, ${p.state} ${p.zip}`);
await app.warmedUp;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed(run: () => Promise<{ statusCode: number }>): Promise<number> {
  const t0 = performance.now();
  const res = await run();
  const ms = performance.now() - t0;
  expect(res.statusCode).toBe(200);
  return ms;
}

describe('the first requests after start', () => {
  it('the first lookup costs about what a warm one does', async () => {
    // Each a property not looked up before (no cache answers it).
    const lookup = (location: string) => () =>
      app.inject({
        method: 'GET',
        url: `/api/caribou/v3/property/assessment/zview?${new URLSearchParams({ location_type: 'address', location })}`,
        headers,
      });
    const first = await timed(lookup(places[0]!));
    const warm: number[] = [];
    for (const place of places.slice(1)) warm.push(await timed(lookup(place)));
    expect(first).toBeLessThanOrEqual(3 * median(warm) + 15);
  });

  it('the first sign-in costs about what a warm one does', async () => {
    const signIn = () =>
      app.inject({
        method: 'POST',
        url: '/oidc/api/v1/authn',
        payload: { username: user.email, password: user.password },
        remoteAddress: '10.9.0.1',
      });
    const first = await timed(signIn);
    const warm: number[] = [];
    for (let i = 0; i < 4; i += 1) warm.push(await timed(signIn));
    expect(first).toBeLessThanOrEqual(3 * median(warm) + 30);
  });
});
