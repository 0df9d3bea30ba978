import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
 * A frozen database, for real (issue 39): the PostgreSQL processes of this test's own cluster are
 * stopped with SIGSTOP under the running app, so connections stay open and nothing answers (no
 * refused connection, no reset). Every signed-in request answers 503 with Retry-After within
 * 2 s (pool acquire and connect, queries, the change feed's fence, the token checks); after
 * SIGCONT the same app answers 200 again without a restart.
 */
const temp = mkdtempSync(path.join(os.tmpdir(), 'zview-freeze-'));
const dataDir = path.join(temp, 'pg');
let database: EmbeddedDatabase;
let setupDb: Db;
let app: FastifyInstance;
let cached: { authorization: string };
let fresh: { authorization: string };

/** The postmaster (postmaster.pid) and its children (backends, walwriter, checkpointer…). */
function clusterPids(): number[] {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent pid (after the parenthesised command name).
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

function signal(pids: number[], name: NodeJS.Signals) {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // Exited meanwhile.
    }
  }
}

beforeAll(async () => {
  database = await startEmbeddedPostgres({ dataDir, port: 0 });
  setupDb = createDb(database.url, 2).db;
  register();
  await migrateToLatest(setupDb);
  const { db } = createDb(database.url, 10, apiPoolTimeouts({}));
  const config = loadConfig({ PORT: '0', DATABASE_URL: database.url, DATA_DIR: path.join(temp, 'data') });
  app = await buildApp({ config, db });
  await app.ready();
  const org = await createOrganization(setupDb);
  cached = await authHeader(app, await createUser(setupDb, { org }));
  fresh = await authHeader(app, await createUser(setupDb, { org }));
}, 120_000);

afterAll(async () => {
  await app?.close();
  await setupDb?.destroy();
  await database?.stop();
  rmSync(temp, { recursive: true, force: true });
});

async function timed(url: string, headers: { authorization: string }) {
  const started = performance.now();
  const answer = await app.inject({ method: 'GET', url, headers });
  return { url, answer, ms: performance.now() - started };
}

describe('a frozen database (SIGSTOP)', () => {
  it('answers 503 with Retry-After within 2 s on signed-in paths and recovers after SIGCONT', async () => {
    // Warm: the cached token, the pool's idle connections and the change feed are all live.
    for (const url of ['/api/organization', '/api/user-management/user/me']) {
      expect((await timed(url, cached)).answer.statusCode).toBe(200);
    }
    const pids = clusterPids();
    expect(pids.length).toBeGreaterThan(2);
    signal(pids, 'SIGSTOP');
    try {
      const answers = await Promise.all([
        timed('/api/organization', cached),
        timed('/api/user-management/user/me', cached),
        timed('/api/caribou/portfolios', cached),
        // Never seen: the token's revocation check and the user's row are read from the database.
        timed('/api/organization', fresh),
      ]);
      for (const { url, answer, ms } of answers) {
        expect(answer.statusCode, `${url}: ${answer.body}`).toBe(503);
        expect(answer.headers['retry-after']).toBe('5');
        expect(answer.json().error.code).toBe('service_unavailable');
        expect(ms, url).toBeLessThan(2000);
      }
      // Known to be stalled: the next request does not wait at all.
      const again = await timed('/api/organization', fresh);
      expect(again.answer.statusCode).toBe(503);
      expect(again.ms).toBeLessThan(2000);
    } finally {
      signal(pids, 'SIGCONT');
    }
    const back = performance.now();
    let status = 0;
    while (performance.now() - back < 15_000) {
      status = (await timed('/api/organization', fresh)).answer.statusCode;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    expect((await timed('/api/user-management/user/me', cached)).answer.statusCode).toBe(200);
  }, 90_000);
});
