/**
 * The multi-process proof (issue 20), on this machine: one PostgreSQL server (the embedded
 * binaries run as a separate server, as an external or managed one would be), an S3-compatible
 * store (s3rver), two `ZVIEW_ROLE=server` processes behind a load balancer (bench/balancer.ts:
 * health-checked round robin that sends a request again to the other server when a connection is
 * refused, or reset before an answer for GET) and two `ZVIEW_ROLE=worker` processes, each with its
 * own DATA_DIR (they share only the database and the object store). A ROWS-row portfolio (default
 * 200,000) is uploaded through the balancer while single-property lookups run one at a time; once
 * a fifth of the chunks are committed one worker is SIGKILLed, at three tenths one server (just
 * after a burst of lookups, so some are in flight on it), at two fifths the database is stopped
 * for OUTAGE_S seconds (default 30), after which the killed server is started again on its port.
 * Checks: the portfolio is READY, one result per row, usage counted once (the billed quantity
 * equals the scored rows), no request answered 500, every request answered (no reset, timeout or
 * balancer 502 reaches a client; 503 + Retry-After during the outage is expected), the restarted
 * server serves again; prints what clients saw by kind and the lookups' p50/p95.
 *
 *   npm run -w bench bench:fleet            (ROWS=20000 OUTAGE_S=10 for a quick look)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { buildApp } from '../apps/server/src/app.js';
import { Balancer } from './balancer.js';
import type {} from '../apps/server/src/http/route-config.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDb } from '../apps/server/src/db/database.js';
import { findFreePort, startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { DEFAULT_WORLD, seedWorld } from '../apps/server/src/world/seed.js';
import { percentile, secs, sleep } from './support/figures.js';
import { portfolioMemberHeaders, uploadPortfolioCsv, worldAddresses } from './support/portfolio-client.js';

const ROWS = Number(process.env.ROWS ?? 200_000);
const OUTAGE_MS = Number(process.env.OUTAGE_S ?? 30) * 1000;
/** Start the SIGKILLed server again after the outage (RESTART=0: leave it dead). */
const RESTART = process.env.RESTART !== '0';
/** Lookups sent at once just before the server is killed. */
const BURST = 16;
const MAIN = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));
const work = mkdtempSync(path.join(os.tmpdir(), 'zview-fleet-'));
const t0 = Date.now();
const say = (line: string) => console.log(`[${secs(Date.now() - t0).padStart(7)}] ${line}`);
const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + n, 0);
const tally = (kinds: string[]) =>
  Object.fromEntries([...new Set(kinds)].map((k) => [k, kinds.filter((x) => x === k).length]));

// --- PostgreSQL, object store -------------------------------------------------------------------
const pgPort = await findFreePort(0);
const pgDir = path.join(work, 'pg');
let database = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort });
const url = database.url;
const { db } = createDb(url, 4);
await migrateToLatest(db);
await seedWorld(url, { ...DEFAULT_WORLD });
say(`PostgreSQL on port ${pgPort}, world of ${DEFAULT_WORLD.properties.toLocaleString('en-US')} properties`);

const s3 = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory: path.join(work, 's3'),
  configureBuckets: [{ name: 'zview' }],
});
const { port: s3Port } = (await s3.run()) as { port: number };
say(`s3rver on port ${s3Port}`);

// --- Balancer (health-checked round robin, retries as a real one does: bench/balancer.ts) --------
const balancerPort = await findFreePort(0);
const publicUrl = `http://localhost:${balancerPort}`;
const balancer = new Balancer();
await balancer.listen(balancerPort);

// --- The fleet ------------------------------------------------------------------------------------
const env = {
  ...process.env,
  DATABASE_URL: url,
  HOST: '127.0.0.1',
  PUBLIC_URL: publicUrl,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  NODE_ENV: 'production',
  S3_BUCKET: 'zview',
  S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  S3_REGION: 'us-east-1',
  S3_FORCE_PATH_STYLE: 'true',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  WORLD_PROPERTIES: String(DEFAULT_WORLD.properties),
  WORLD_SEED: String(DEFAULT_WORLD.seed),
};
const processes: { name: string; child: ChildProcess; port: number }[] = [];
async function startProcess(name: string, role: 'server' | 'worker', fixedPort?: number) {
  const port = fixedPort ?? (await findFreePort(0));
  const dataDir = path.join(work, name);
  mkdirSync(dataDir, { recursive: true });
  const out = createWriteStream(path.join(work, `${name}.log`));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...env, ZVIEW_ROLE: role, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  processes.push({ name, child, port });
  for (let i = 0; ; i += 1) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ready) break;
    if (child.exitCode !== null || i > 600)
      throw new Error(`${name} did not start: ${readFileSync(path.join(work, `${name}.log`), 'utf8').slice(-2000)}`);
    await sleep(500);
  }
  say(`${name} (ZVIEW_ROLE=${role}) ready on port ${port}, pid ${child.pid}`);
  return { port, child };
}

let failed = false;
try {
  await Promise.all([
    startProcess('server-1', 'server'),
    startProcess('server-2', 'server'),
    startProcess('worker-1', 'worker'),
    startProcess('worker-2', 'worker'),
  ]);
  for (const p of processes.filter((p) => p.name.startsWith('server'))) balancer.add(p.port);

  // A real token for a member of a new organisation (keys and grants live in the shared database).
  const config = loadConfig({
    PORT: '0',
    DATABASE_URL: url,
    DATA_DIR: path.join(work, 'token'),
    PUBLIC_URL: publicUrl,
    LOG_LEVEL: 'warn',
  });
  const tokenApp = await buildApp({ config, db });
  const headers = await portfolioMemberHeaders(tokenApp, db, 'Fleet');
  await tokenApp.close();

  // The portfolio: coordinates a few metres from the world's properties, nine rows in ten.
  const csvPath = path.join(work, 'portfolio.csv');
  const props = await db.selectFrom('properties').select(['lat', 'lng']).orderBy('id').execute();
  const out = createWriteStream(csvPath);
  out.write('policy_id,latitude,longitude\n');
  for (let i = 1; i <= ROWS; i += 1) {
    const p = props[i % props.length]!;
    const onWorld = i % 10 !== 0;
    out.write(
      `P${i},${(onWorld ? p.lat + 0.00002 : 25 + ((i * 7919) % 20000) / 1000).toFixed(6)},${(onWorld ? p.lng - 0.00002 : -124 + ((i * 104729) % 57000) / 1000).toFixed(6)}\n`,
    );
  }
  await new Promise<void>((resolve) => out.end(resolve));

  // What clients saw, by kind: an HTTP status, or a failure with no answer at all.
  const clientSaw = new Map<string, number>();
  const outcome = (r: Response) => String(r.status);
  const failure = (error: unknown) =>
    (error as Error)?.name === 'TimeoutError'
      ? 'timeout'
      : `no answer (${String(((error as Error)?.cause as { code?: string })?.code ?? (error as Error)?.message)})`;
  const saw = (kind: string) => clientSaw.set(kind, (clientSaw.get(kind) ?? 0) + 1);

  // Lookups one at a time through the balancer, all along.
  const lookupMs: number[] = [];
  const lookupStatus = new Map<string, number>();
  const addresses = await worldAddresses(db, 200);
  const lookup = async (n: number, samples: number[] | null = lookupMs) => {
    const started = performance.now();
    const kind = await fetch(
      `${publicUrl.replace('localhost', '127.0.0.1')}/api/caribou/v3/property/assessment/zview?${new URLSearchParams({ location_type: 'address', location: addresses[n % addresses.length]! })}`,
      { headers, signal: AbortSignal.timeout(10_000) },
    )
      .then(async (r) => (await r.arrayBuffer(), outcome(r)))
      .catch(failure);
    if (kind === '200') samples?.push(performance.now() - started);
    lookupStatus.set(kind, (lookupStatus.get(kind) ?? 0) + 1);
    saw(kind);
    return kind;
  };
  let looking = true;
  const lookups = (async () => {
    for (let n = 0; looking; n += 1) {
      await lookup(n);
      await sleep(50);
    }
  })();

  // Upload (streamed multipart through the balancer into the object store) and create.
  const uploadStarted = Date.now();
  const uploaded = await uploadPortfolioCsv(balancerPort, headers, csvPath, 'fleet.csv').then((r) => (saw('201'), r));
  say(`uploaded ${ROWS.toLocaleString('en-US')} rows through the balancer in ${secs(Date.now() - uploadStarted)}`);
  const api = (method: string, pathname: string, payload?: unknown) =>
    fetch(`http://127.0.0.1:${balancerPort}${pathname}`, {
      method,
      headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      body: payload ? JSON.stringify(payload) : undefined,
      signal: AbortSignal.timeout(10_000),
    }).then(
      (r) => (saw(outcome(r)), r),
      (error: unknown) => {
        saw(failure(error));
        throw error;
      },
    );
  const created = await api('POST', '/api/caribou/portfolios', {
    name: 'Fleet book',
    products: 'zfire',
    uploadedFileName: uploaded.uploadedFileName,
  });
  if (created.status !== 201) throw new Error(`create ${created.status}: ${await created.text()}`);
  const portfolioId = ((await created.json()) as { portfolioId: number }[])[0]!.portfolioId;
  const runStarted = Date.now();

  let workerKilled = false;
  let serverKilled = false;
  let outage = false;
  const victim = processes.find((p) => p.name === 'server-2')!;
  let restart: Promise<boolean> | null = null;
  let lastReport = 0;
  for (;;) {
    const meta = await api('GET', `/api/caribou/portfolio/${portfolioId}/metadata`)
      .then(async (r) =>
        r.status === 200
          ? ((await r.json()) as { products: { status: string; progress?: { committed: number; total: number } }[] })
          : null,
      )
      .catch(() => null);
    const product = meta?.products[0];
    if (product?.status === 'READY') break;
    const progress = product?.progress ? product.progress.committed / Math.max(1, product.progress.total) : 0;
    const at = product?.progress ? `${product.progress.committed}/${product.progress.total} chunks` : '';
    if (Date.now() - lastReport > 15_000) {
      lastReport = Date.now();
      say(`  ${product?.status ?? '(no answer)'} ${at}; load ${os.loadavg()[0]!.toFixed(1)}`);
    }
    if (!workerKilled && progress >= 0.2) {
      workerKilled = true;
      const worker = processes.find((p) => p.name === 'worker-1')!;
      worker.child.kill('SIGKILL');
      say(`SIGKILL worker-1 (pid ${worker.child.pid}) at ${at}`);
    }
    if (workerKilled && !serverKilled && progress >= 0.3) {
      serverKilled = true;
      // A burst of lookups sent at once just before, so that some are in flight on the victim
      // when it dies (the balancer sends them again to the other server: GET is idempotent).
      const retried = total(balancer.retries);
      const burst = Array.from({ length: BURST }, (_, i) => lookup(1000 + i, null));
      await sleep(25);
      victim.child.kill('SIGKILL');
      const kinds = await Promise.all(burst);
      say(
        `SIGKILL server-2 (pid ${victim.child.pid}) at ${at}, ${BURST} lookups sent at once 25 ms before: ${JSON.stringify(tally(kinds))}, ${total(balancer.retries) - retried} of them sent again to server-1 by the balancer`,
      );
    }
    if (serverKilled && !outage && progress >= 0.4) {
      outage = true;
      say(`stopping PostgreSQL for ${secs(OUTAGE_MS)} at ${at}`);
      await database.stop();
      const during = await fetch(`http://127.0.0.1:${balancer.backends[0]!.port}/readyz`)
        .then((r) => r.status)
        .catch(() => 0);
      const apiDuring = await api('GET', `/api/caribou/portfolio/${portfolioId}/metadata`)
        .then((r) => `${r.status} Retry-After ${r.headers.get('retry-after')}`)
        .catch(() => 'no answer');
      say(`  during the outage: /readyz ${during}, API ${apiDuring}`);
      await sleep(OUTAGE_MS);
      database = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort });
      say('PostgreSQL is back');
      // server-2 started again on its port: the balancer's health check takes it back.
      if (RESTART)
        restart = startProcess('server-2', 'server', victim.port).then(
          () => true,
          (error: unknown) => (say(`server-2 did not start again: ${String(error)}`), false),
        );
    }
    if (Date.now() - runStarted > 30 * 60_000) throw new Error('the portfolio did not finish within 30 minutes');
    await sleep(1000);
  }
  const readyMs = Date.now() - runStarted;
  looking = false;
  await lookups;
  // The restarted server answers its share again (a few lookups after it is ready).
  let rejoined = !RESTART;
  if (restart && (await restart)) {
    const backend = balancer.backends.find((b) => b.port === victim.port)!;
    const before = backend.answers;
    for (let n = 0; n < 10; n += 1) await lookup(2000 + n, null);
    rejoined = backend.answers > before;
    say(`server-2 is back in the balancer: ${backend.answers - before} of 10 lookups answered by it`);
  }

  // The checks, on the database itself.
  const run = await db
    .selectFrom('portfolio_runs')
    .select(['id'])
    .where('portfolio_id', '=', portfolioId)
    .executeTakeFirstOrThrow();
  const results = await db
    .selectFrom('portfolio_results')
    .where('run_id', '=', run.id)
    .select((eb) => [
      eb.fn.countAll<number>().as('rows'),
      eb.fn.count<number>('row_number').distinct().as('distinct'),
      eb.fn.count<number>('score').as('scored'),
      eb.fn.sum<number>(eb.case().when('problem', 'is', null).then(1).else(0).end()).as('billable'),
    ])
    .executeTakeFirstOrThrow();
  const billed = await db
    .selectFrom('usage_events')
    .where('run_id', '=', run.id)
    .select((eb) => eb.fn.sum<number>('quantity').as('q'))
    .executeTakeFirst();
  // What a client may see: HTTP answers (503 + Retry-After during the outage is the design), never
  // a 500, and no request without an answer (reset, timeout, the balancer's own 502/503).
  const unanswered = [...clientSaw.keys()].filter((kind) => !/^\d+$/.test(kind) || kind === '502');
  const checks = {
    ready: true,
    oneResultPerRow: Number(results.rows) === ROWS && Number(results.distinct) === ROWS,
    billedOnce: Number(billed?.q ?? 0) === Number(results.billable),
    no500: !balancer.statuses.has('500') && !clientSaw.has('500'),
    everyRequestAnswered: unanswered.length === 0 && balancer.failures.size === 0,
    workerKilled,
    serverKilled,
    ...(RESTART ? { serverRejoined: rejoined } : {}),
    outage,
  };
  say(
    `READY ${secs(readyMs)} after creation; results ${Number(results.rows).toLocaleString('en-US')} rows (${Number(results.distinct).toLocaleString('en-US')} distinct row numbers, ${Number(results.scored).toLocaleString('en-US')} scored), usage billed ${Number(billed?.q ?? 0).toLocaleString('en-US')} for ${Number(results.billable).toLocaleString('en-US')} billable rows`,
  );
  say(`servers' answers by status: ${JSON.stringify(Object.fromEntries(balancer.statuses))}`);
  say(`what clients saw by kind: ${JSON.stringify(Object.fromEntries(clientSaw))}`);
  say(
    `client-visible failures (no answer, reset, the balancer's own 502/503): ${balancer.failures.size || unanswered.length ? JSON.stringify({ ...Object.fromEntries(balancer.failures), ...Object.fromEntries(unanswered.map((k) => [k, clientSaw.get(k)])) }) : 'none'}; sent again by the balancer: ${JSON.stringify(Object.fromEntries(balancer.retries))}`,
  );
  say(
    `lookups during the run (200 answers, through the balancer, one at a time): p50 ${percentile(lookupMs, 50).toFixed(0)} ms, p95 ${percentile(lookupMs, 95).toFixed(0)} ms, max ${Math.max(...lookupMs).toFixed(0)} ms, n=${lookupMs.length}; by status ${JSON.stringify(Object.fromEntries(lookupStatus))}; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.availableParallelism()} cores`,
  );
  for (const [name, ok] of Object.entries(checks)) say(`${ok ? '✓' : '✗'} ${name}`);
  failed = !Object.values(checks).every(Boolean);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
  await Promise.all(
    processes.map((p) =>
      p.child.exitCode === null && p.child.signalCode === null
        ? new Promise((resolve) => p.child.once('exit', resolve))
        : null,
    ),
  );
  await balancer.close();
  await s3.close();
  await db.destroy();
  await database.stop();
  if (!process.env.KEEP) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
  process.exitCode = failed ? 1 : 0;
}
