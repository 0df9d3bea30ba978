import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { register } from 'tsx/esm/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { apiPoolTimeouts, createDb, type Db } from '../src/db/database.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/**
 * A database outage, for real: a PostgreSQL of this test's own is stopped under the running app
 * and started again. While it is away every request answers 503 with Retry-After quickly (no
 * hang, no 500, no 401 that would sign users out); once it is back the same app answers again
 * without a restart.
 */
const temp = mkdtempSync(path.join(os.tmpdir(), 'zview-outage-'));
const dataDir = path.join(temp, 'pg');
let database: EmbeddedDatabase;
let port: number;
let setupDb: Db;
let app: FastifyInstance;
let headers: { authorization: string };

beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  database = await startEmbeddedPostgres({ dataDir, port: 0 });
  port = Number(new URL(database.url).port);
  setupDb = createDb(database.url, 2).db;
  // Migrations are loaded by file name at run time: this worker needs tsx to import them.
  register();
  await migrateToLatest(setupDb);
  const { db } = createDb(database.url, 10, { ...apiPoolTimeouts({}), connectMs: 1000 });
  const config = loadConfig({ PORT: '0', DATABASE_URL: database.url, DATA_DIR: path.join(temp, 'data') });
  app = await buildApp({ config, db });
  await app.ready();
  const org = await createOrganization(setupDb, { products: ['zfire'] });
  const user = await createUser(setupDb, { org });
  headers = await authHeader(app, user);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await setupDb?.destroy();
  await database?.stop();
  rmSync(temp, { recursive: true, force: true });
});

async function timed(url: string) {
  const started = performance.now();
  const answer = await app.inject({ method: 'GET', url, headers });
  return { answer, ms: performance.now() - started };
}

describe('a database outage', () => {
  it('answers 503 with Retry-After within 2 s while the database is stopped, and recovers without a restart', async () => {
    expect((await timed('/api/organization')).answer.statusCode).toBe(200);

    await database.stop();
    for (const url of ['/api/organization', '/api/user-management/user/me', '/api/caribou/portfolios']) {
      const { answer, ms } = await timed(url);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json().error.code).toBe('service_unavailable');
      expect(ms).toBeLessThan(2000);
    }
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    database = await startEmbeddedPostgres({ dataDir, port });
    expect(Number(new URL(database.url).port)).toBe(port);
    const back = performance.now();
    let status = 0;
    while (performance.now() - back < 10_000) {
      status = (await timed('/api/organization')).answer.statusCode;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
  }, 60_000);
});
