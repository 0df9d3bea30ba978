/**
 * The first sign-in and the first lookup after start, against warm ones (issue 46: ≤ 2×), on an app
 * built as `npm start` builds it, once its start-up warm-up is done. Both are timed inside the
 * process (app.inject: no client connection set-up), with the server's CPU for each.
 * FIRST_PROFILE=dir writes a CPU profile of the first and of a warm request of each kind there.
 * FIRST_TRACE=1 prints the queries of the first lookup, a warm one and another organisation's
 * first one: when each ran, and how many ran one after another.
 * Run: npx tsx bench/first-requests.ts
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { loadConfig } from '../apps/server/src/config.js';
import { acquireChangeFeed } from '../apps/server/src/db/change-feed.js';
import { apiPoolTimeouts, createDb, poolOf } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { buildServerApp } from '../apps/server/src/server-app.js';
import { seedWorld } from '../apps/server/src/world/seed.js';
import { createOrganization, createUser, tokenFor } from '../apps/server/test/factories.js';
import {
  addressesToLookUp,
  createFirstCustomer,
  lookupUrl,
  median,
} from '../apps/server/test/support/first-requests.js';
import { loadavg } from './support/figures.js';
import { traceQueries } from '../apps/server/test/support/query-trace.js';
import { describeFirstRun, watchFirstRunFunctions } from '../apps/server/test/support/first-run-functions.js';

const PROFILE_DIR = process.env.FIRST_PROFILE;
/** FIRST_TRACE=1: the queries of the first lookup, of a warm one and of another organisation's first one. */
const TRACE = Boolean(process.env.FIRST_TRACE);

async function timed<T>(
  label: string,
  run: () => Promise<T>,
): Promise<{ ms: number; cpuMs: number; threadCpuMs: number; value: T; firstRun?: string[] }> {
  const session = PROFILE_DIR ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  }
  const trace = TRACE && label.startsWith('lookup') ? traceQueries(poolOf(db)!, () => feed.roundTrips) : undefined;
  const cpu0 = process.cpuUsage();
  const thread0 = process.threadCpuUsage();
  const t0 = performance.now();
  const { value, firstRun: firstRunHere } = await inWindow(run);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const thread = process.threadCpuUsage(thread0);
  if (trace && (label === 'lookup-0' || label === 'lookup-5' || label === 'lookup-other-organization'))
    console.log(
      `${label}'s queries:\n${trace
        .stop()
        .map((line) => `  ${line}`)
        .join('\n')}`,
    );
  else trace?.stop();
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(path.join(PROFILE_DIR!, `${label}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
  return {
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    threadCpuMs: (thread.user + thread.system) / 1000,
    value,
    firstRun: firstRunHere,
  };
}

function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

// FIRST_FUNCTIONS=1: count the functions each request runs for the first time in the process
// (load-independent; slows every call, so its timings are not the product's). =list also lists
// the first lookup's server and contracts functions.
const firstRun = process.env.FIRST_FUNCTIONS ? await watchFirstRunFunctions() : undefined;
const inWindow = async <T>(run: () => Promise<T>): Promise<{ value: T; firstRun?: string[] }> =>
  firstRun ? firstRun.window(run) : { value: await run() };

const work = mkdtempSync(path.join(os.tmpdir(), 'zview-bench-first-'));
const embedded = await startEmbeddedPostgres({ dataDir: path.join(work, 'pg'), port: 0 });
const { db } = createDb(embedded.url, 20, apiPoolTimeouts());
const { feed, release: releaseFeed } = acquireChangeFeed(db);
try {
  await migrateToLatest(db);
  await seedWorld(embedded.url, { properties: 2000 });
  const { user } = await createFirstCustomer(db);
  // The last is left for the lookup by another organisation's user (a property no lookup has seen).
  const [fresh, ...places] = await addressesToLookUp(db, 13);
  const config = loadConfig({ PORT: '0', DATABASE_URL: embedded.url, DATA_DIR: path.join(work, 'data') });
  const built = performance.now();
  const app = await buildServerApp(config, db, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.warmedUp;
  console.log(`started and warmed in ${(performance.now() - built).toFixed(0)} ms, load average ${loadavg()}`);

  const signIn = () =>
    app.inject({
      method: 'POST',
      url: '/oidc/api/v1/authn',
      payload: { username: user.email, password: user.password },
    });
  // IDLE_SECONDS: a quiet spell before the first requests (the pool closes idle connections after 10 s).
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.IDLE_SECONDS ?? 0) * 1000));
  // The garbage of this process's own seeding and set-up (a server process started by `npm start`
  // has none of it) is collected now: left in the heap, a major collection of it landed in the first
  // lookup (58% of its main-thread busy time on the quiet run of 2026-11-29 01:42).
  collectGarbage();
  const signIns = [];
  for (let i = 0; i < 5; i += 1) signIns.push(await timed(`sign-in-${i}`, signIn));
  // One token, as a client holds one: the first lookup pays its verification, the next are
  // answered from the verified-token cache (as the lookup bench's warm lookups are).
  const authorization = `Bearer ${await tokenFor(app, user)}`;
  const lookup = (i: number) => () =>
    app.inject({
      method: 'GET',
      url: lookupUrl(places[i]!),
      headers: { authorization },
    });
  const lookups = [];
  for (let i = 0; i < places.length; i += 1) lookups.push(await timed(`lookup-${i}`, lookup(i)));
  // CPU: the process's (every thread: V8's compiler and GC threads, libuv's pool) and the main
  // thread's (the server's work: inject runs it on this thread).
  const report = (
    what: string,
    runs: { ms: number; cpuMs: number; threadCpuMs: number; value: { statusCode: number } }[],
  ) => {
    const [first, ...warm] = runs;
    const warmMs = median(warm.map((r) => r.ms));
    const warmCpu = median(warm.map((r) => r.cpuMs));
    const warmThread = median(warm.map((r) => r.threadCpuMs));
    console.log(
      `${what}: first ${first!.ms.toFixed(1)} ms (CPU ${first!.cpuMs.toFixed(1)} ms, main thread ${first!.threadCpuMs.toFixed(1)} ms, ${first!.value.statusCode}), warm median ${warmMs.toFixed(1)} ms (CPU ${warmCpu.toFixed(1)} ms, main thread ${warmThread.toFixed(1)} ms): ${(first!.ms / warmMs).toFixed(1)}× (main thread's CPU ${(first!.threadCpuMs / warmThread).toFixed(1)}×)   all: ${runs.map((r) => r.ms.toFixed(1)).join(' ')}`,
    );
  };
  report('sign-in', signIns);
  report('lookup', lookups);
  if (firstRun) {
    const counts = (runs: { firstRun?: string[] }[]) =>
      `first ${describeFirstRun(runs[0]!.firstRun!)}, then ${runs
        .slice(1)
        .map((r) => r.firstRun!.length)
        .join(' ')}`;
    console.log(`functions run for the first time in the process: sign-ins ${counts(signIns)}`);
    console.log(`  lookups ${counts(lookups)}`);
    if (process.env.FIRST_FUNCTIONS === 'list')
      for (const [what, runs] of [
        ['sign-in', signIns],
        ['lookup', lookups],
      ] as const) {
        console.log(`  the first ${what}'s:`);
        for (const key of runs[0]!.firstRun!)
          console.log(`    ${key.replace(/^.*\/(apps|packages|node_modules)\//, '$1/')}`);
      }
  }
  // A user of another organisation right after, looking up a property no lookup has seen: a new
  // token (its verification, the revocation check, the user's read) and a new organisation (its
  // amendments' read), in a warm process. What the first lookup pays beyond this one is the
  // process's (code compiled on first use, connections), not the user's or the organisation's.
  const other = await createUser(db, {
    org: await createOrganization(db, { name: 'Other Co', products: ['zfire', 'zhail', 'zwind', 'zproperty'] }),
  });
  const otherAuthorization = `Bearer ${await tokenFor(app, other)}`;
  const next = await timed('lookup-other-organization', () =>
    app.inject({
      method: 'GET',
      url: lookupUrl(fresh!),
      headers: { authorization: otherAuthorization },
    }),
  );
  console.log(
    `lookup by a user of another organisation, next: ${next.ms.toFixed(1)} ms (CPU ${next.cpuMs.toFixed(1)} ms, main thread ${next.threadCpuMs.toFixed(1)} ms, ${next.value.statusCode})`,
  );
  if (firstRun) console.log(`  the other organisation's lookup: ${describeFirstRun(next.firstRun!)}`);
  console.log(`load average ${loadavg()}`);
  await firstRun?.stop();
  await app.close();
} finally {
  await releaseFeed();
  await db.destroy();
  await embedded.stop();
  rmSync(work, { recursive: true, force: true });
}
