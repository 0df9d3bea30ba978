import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiCluster } from '../src/processes/api-cluster.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';
import { freePort } from './free-port.js';

/**
 * A product switched on or off by staff applies to the customer's very next request in every
 * server process: two API processes (node:cluster, as API_PROCESSES=2 runs) each cache the
 * user's token, memberships and products; organizations.products changes reach them through
 * the change feed. Every request opens its own connection, so the cluster deals them out to both
 * processes in turn.
 */
const port = await freePort();
const publicUrl = `http://localhost:${port}`;
// The in-process app mints tokens with the same issuer and audience as the cluster (keys are shared in PostgreSQL).
const { app, db, url } = await useTestApp({ PUBLIC_URL: publicUrl });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zview-switch-cluster-'));
const cluster = startApiCluster({
  count: 2,
  databaseUrl: url,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    LOG_LEVEL: 'warn',
    ENV: 'test',
  },
  log: () => {},
});
afterAll(async () => {
  await cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const org = await createOrganization(db, { name: 'Two Process Mutual', products: ['zfire', 'zproperty'] });
const user = await authHeader(app, await createUser(db, { org }));
const staff = await authHeader(app, await createUser(db, { internalAdmin: true }));

/** One request on a fresh connection (no keep-alive): the cluster picks the process. */
function request(
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        agent: false,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const productsSeen = async () => {
  const res = await request('GET', '/api/organization', user);
  expect(res.status).toBe(200);
  return (JSON.parse(res.body) as { organizations: { products: string[] }[] }).organizations[0]!.products;
};
const hailLookup = () =>
  request(
    'GET',
    `/api/caribou/v3/property/assessment/zview?location_type=address&location=${encodeURIComponent('1 Nowhere Rd, Wichita, KS 67203')}&products=zhail`,
    user,
  );
const switchHail = (enabled: boolean) =>
  request('PUT', `/api/zauth-customer/customers/${org.id}/products/zhail`, staff, { enabled });

describe('product switches across two server processes', () => {
  it('on and off apply to the very next request, whichever process answers it', { timeout: 90_000 }, async () => {
    await cluster.ready;
    expect(cluster.pids()).toHaveLength(2);
    // Both processes have the user cached (several requests each).
    for (let i = 0; i < 6; i += 1) {
      expect(await productsSeen()).not.toContain('zhail');
      expect((await hailLookup()).status).toBe(403);
    }
    for (let round = 0; round < 3; round += 1) {
      expect((await switchHail(true)).status).toBe(200);
      for (let i = 0; i < 4; i += 1) {
        expect(await productsSeen()).toContain('zhail');
        expect((await hailLookup()).status).not.toBe(403);
      }
      expect((await switchHail(false)).status).toBe(200);
      for (let i = 0; i < 4; i += 1) {
        expect(await productsSeen()).not.toContain('zhail');
        expect((await hailLookup()).status).toBe(403);
      }
    }
  });
});
