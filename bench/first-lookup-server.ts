/**
 * The first lookup after start in a server process of its own, against warm ones (issue 46: ≤ 2×),
 * on a 2,000-property world this bench seeds: STARTS (default 3) starts of `npm start`'s server,
 * each measured as bench/support/first-lookup-server.ts says (IDLE_WARM warm lookups after the same
 * idle wait, default 3). PERF=1 records each first lookup with perf and prints its hottest symbols.
 * Run: npx tsx bench/first-lookup-server.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.js';
import { createDb } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { buildServerApp } from '../apps/server/src/server-app.js';
import { seedWorld } from '../apps/server/src/world/seed.js';
import { createOrganization, createUser, tokenFor } from '../apps/server/test/factories.js';
import { freePort } from '../apps/server/test/free-port.js';
import { addressesToLookUp, createFirstCustomer } from '../apps/server/test/support/first-requests.js';
import { postmasterPid } from './support/cpu-split.js';
import { loadavg } from './support/figures.js';
import { firstLookupsInServerProcesses, type FirstLookupStart } from './support/first-lookup-server.js';

const STARTS = Number(process.env.STARTS ?? 3);
const IDLE_WARM = Number(process.env.IDLE_WARM ?? 3);
const BACK_TO_BACK = 10;

const work = mkdtempSync(path.join(os.tmpdir(), 'zview-bench-first-server-'));
const pgDir = path.join(work, 'pg');
const embedded = await startEmbeddedPostgres({ dataDir: pgDir, port: 0 });
const { db } = createDb(embedded.url, 5);
console.log(`started ${new Date().toISOString()}, load average ${loadavg()}`);
try {
  await migrateToLatest(db);
  await seedWorld(embedded.url, { properties: 2000 });
  const port = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: embedded.url,
    DATA_DIR: path.join(work, 'data'),
  };
  // Tokens are issued by an app of this process with the server's identity settings (the signing
  // keys are the database's); it is closed before the server starts, which sees each token first.
  const issuer = await buildServerApp(loadConfig(env), db, { logger: false });
  await issuer.ready();
  const { user } = await createFirstCustomer(db);
  const perStart = 2 + IDLE_WARM + BACK_TO_BACK;
  const places = await addressesToLookUp(db, STARTS * perStart);
  const starts: FirstLookupStart[] = [];
  for (let i = 0; i < STARTS; i += 1) {
    const other = await createUser(db, {
      org: await createOrganization(db, { name: `Other Co ${i}`, products: ['zfire', 'zhail', 'zwind', 'zproperty'] }),
    });
    starts.push({
      token: await tokenFor(issuer, user),
      otherToken: await tokenFor(issuer, other),
      places: places.slice(i * perStart, (i + 1) * perStart),
    });
  }
  await issuer.close();
  await firstLookupsInServerProcesses({
    db,
    trees: { postgres: () => [postmasterPid(pgDir)] },
    env,
    starts,
    idleWarm: IDLE_WARM,
    backToBack: BACK_TO_BACK,
    target: 2,
    perfDir: process.env.PERF ? work : undefined,
  });
} finally {
  await db.destroy();
  await embedded.stop();
  rmSync(work, { recursive: true, force: true });
}
