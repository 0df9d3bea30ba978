/**
 * Public API benchmark (issue 19): the real app on an embedded PostgreSQL with the default world,
 * an API key (rate limit lifted for the run) and a browser bearer token, then for each path
 *   - sequential requests (API_BENCH_SAMPLES, default 200): client round trip p50/p95;
 *   - sustained load with autocannon (API_BENCH_SECONDS, default 10 s, 10 connections): requests/s
 *     and latency percentiles,
 * for: the keyed lookup GET /v1/properties/assessment, the browser path
 * GET /api/caribou/v3/property/assessment/zview in the same run, and the keyed batch
 * POST /v1/properties/assessment:batch (API_BENCH_BATCH locations per call, default 25).
 * Figures, not a timed test; the load average is printed with them.  Run: npm run bench -- api
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { insertApiKey } from '../apps/server/src/db/api-keys.js';
import { createDb } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { generateApiKey, hashApiKey, visiblePrefix } from '../apps/server/src/domain/api-keys/keys.js';
import { worldImagerySources } from '../apps/server/src/domain/property/imagery-sources.js';
import { DEFAULT_WORLD, seedWorld } from '../apps/server/src/world/seed.js';
import { createOrganization, createUser, tokenFor } from '../apps/server/test/factories.js';
import { loadavg, percentile } from './support/figures.js';

const SECONDS = Number(process.env.API_BENCH_SECONDS ?? 10);
const SAMPLES = Number(process.env.API_BENCH_SAMPLES ?? 200);
const BATCH = Math.min(100, Number(process.env.API_BENCH_BATCH ?? 25));

export async function benchApi(): Promise<boolean> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'zview-bench-api-'));
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(work, 'pg'), port: 0 });
  const { db } = createDb(embedded.url, 20);
  try {
    await migrateToLatest(db);
    await seedWorld(embedded.url, { ...DEFAULT_WORLD });
    const rows = await db
      .selectFrom('properties')
      .select(['address_line', 'city', 'state', 'zip'])
      .orderBy('id')
      .execute();
    const step = Math.max(1, Math.floor(rows.length / 300));
    const addresses = rows
      .filter((_, i) => i % step === 0)
      .slice(0, 300)
      .map((r) => `${r.address_line}, ${r.city}, ${r.state} ${r.zip}`);
    const app = await buildApp({
      config: loadConfig({
        PORT: '0',
        DATABASE_URL: embedded.url,
        DATA_DIR: path.join(work, 'data'),
        LOG_LEVEL: 'warn',
      }),
      db,
      imagery: worldImagerySources(db),
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const org = await createOrganization(db, {
      name: 'Bench Mutual',
      products: ['zfire', 'zhail', 'zwind', 'zstorm', 'zproperty'],
    });
    const user = await createUser(db, { org, role: 'admin' });
    const key = generateApiKey();
    await insertApiKey(db, {
      organizationId: org.id,
      name: 'bench',
      prefix: visiblePrefix(key),
      keyHash: hashApiKey(key),
      products: null,
      ratePerSecond: 1e9,
      burst: 1_000_000_000,
      createdBy: user.id,
      expiresAt: null,
    });
    const keyed = { authorization: `Bearer ${key}` };
    const browser = { authorization: `Bearer ${await tokenFor(app, user)}` };
    const lookupPath = (prefix: string, i: number) =>
      `${prefix}?${new URLSearchParams({ location: addresses[i % addresses.length]!, products: 'zfire,zhail' })}`;
    const batchBody = (i: number) =>
      JSON.stringify({
        products: 'zfire,zhail',
        locations: Array.from({ length: BATCH }, (_, j) => ({
          location: addresses[(i * BATCH + j) % addresses.length]!,
        })),
      });

    const cases = [
      {
        name: 'GET /v1/properties/assessment (API key)',
        request: (i: number) => ({ method: 'GET', path: lookupPath('/v1/properties/assessment', i), headers: keyed }),
      },
      {
        name: 'GET /api/…/assessment/zview (browser token)',
        request: (i: number) => ({
          method: 'GET',
          path: lookupPath('/api/caribou/v3/property/assessment/zview', i),
          headers: browser,
        }),
      },
      {
        name: `POST /v1/properties/assessment:batch (${BATCH} locations)`,
        request: (i: number) => ({
          method: 'POST',
          path: '/v1/properties/assessment:batch',
          headers: { ...keyed, 'content-type': 'application/json' },
          body: batchBody(i),
        }),
      },
    ];
    console.log(
      `Public API benchmark (load average ${loadavg()}): ${addresses.length} addresses cycled, ${SECONDS} s sustained per path, 10 connections`,
    );
    for (const c of cases) {
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const r = c.request(i);
        const started = performance.now();
        const res = await fetch(`${base}${r.path}`, {
          method: r.method,
          headers: r.headers,
          body: (r as { body?: string }).body,
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${c.name}: ${res.status}`);
        times.push(performance.now() - started);
      }
      const requests = addresses.map((_, i) => {
        const r = c.request(i) as {
          method: 'GET' | 'POST';
          path: string;
          headers: Record<string, string>;
          body?: string;
        };
        return { method: r.method, path: r.path, headers: r.headers, ...(r.body ? { body: r.body } : {}) };
      });
      const result = await autocannon({ url: base, connections: 10, duration: SECONDS, workers: 1, requests });
      const perItem = c.name.startsWith('POST')
        ? ` (${Math.round(result.requests.average * BATCH).toLocaleString('en-US')} locations/s)`
        : '';
      console.log(
        `  ${c.name}: sequential p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms; sustained ${Math.round(result.requests.average).toLocaleString('en-US')} req/s${perItem}, p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, non-2xx ${result.non2xx}`,
      );
    }
    console.log(`  load average after: ${loadavg()}`);
    await app.close();
    return true;
  } finally {
    await db.destroy();
    await embedded.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchApi();
