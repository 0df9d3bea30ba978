/**
 * The multi-process proof (issue 20), on this machine: one PostgreSQL server (the embedded
 * binaries run as a separate server, as an external or managed one would be), an S3-compatible
 * store (s3rver), two `ZVIEW_ROLE=server` processes behind a round-robin HTTP balancer and two
 * `ZVIEW_ROLE=worker` processes, each with its own DATA_DIR (they share only the database and
 * the object store). A ROWS-row portfolio (default 200,000) is uploaded through the balancer while
 * single-property lookups run one at a time; one worker is SIGKILLed once a fifth of the chunks
 * are committed, and the database is stopped for OUTAGE_S seconds (default 30) once two fifths
 * are. Checks: the portfolio is READY, one result per row, usage counted once (the billed
 * quantity equals the scored rows), no request answered 500; prints the lookups' p50/p95.
 *
 *   npm run -w bench bench:fleet            (ROWS=20000 OUTAGE_S=10 for a quick look)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { buildApp } from '../apps/server/src/app.js';
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
const MAIN = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));
const work = mkdtempSync(path.join(os.tmpdir(), 'zview-fleet-'));
const t0 = Date.now();
const say = (line: string) => console.log(`[${secs(Date.now() - t0).padStart(7)}] ${line}`);

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

// --- Balancer (round robin; a backend that refuses the connection is skipped) ---------------------
const balancerPort = await findFreePort(0);
const publicUrl = `http://localhost:${balancerPort}`;
const backends: number[] = [];
let next = 0;
const statuses = new Map<number, number>();
const balancer = http.createServer((req, res) => {
  const body: Buffer[] = [];
  const streamed = req.method === 'POST' && (req.headers['content-type'] ?? '').startsWith('multipart/');
  const forward = (attempt: number) => {
    const port = backends[next++ % backends.length]!;
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        statuses.set(answer.statusCode!, (statuses.get(answer.statusCode!) ?? 0) + 1);
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!streamed && attempt < backends.length) return forward(attempt + 1);
      if (!res.headersSent) res.writeHead(502).end();
    });
    if (streamed) req.pipe(upstream);
    else upstream.end(Buffer.concat(body));
  };
  if (streamed) forward(1);
  else {
    req.on('data', (d: Buffer) => body.push(d));
    req.on('end', () => forward(1));
  }
});
await new Promise<void>((resolve) => balancer.listen(balancerPort, '127.0.0.1', resolve));

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
async function startProcess(name: string, role: 'server' | 'worker') {
  const port = await findFreePort(0);
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
  backends.push(...processes.filter((p) => p.name.startsWith('server')).map((p) => p.port));

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

  // Lookups one at a time through the balancer, all along.
  const lookupMs: number[] = [];
  const lookupStatus = new Map<number, number>();
  const addresses = await worldAddresses(db, 200);
  let looking = true;
  const lookups = (async () => {
    for (let n = 0; looking; n += 1) {
      const started = performance.now();
      const status = await fetch(
        `${publicUrl.replace('localhost', '127.0.0.1')}/api/caribou/v3/property/assessment/zview?${new URLSearchParams({ location_type: 'address', location: addresses[n % addresses.length]! })}`,
        { headers, signal: AbortSignal.timeout(10_000) },
      )
        .then(async (r) => (await r.arrayBuffer(), r.status))
        .catch(() => 0);
      if (status === 200) lookupMs.push(performance.now() - started);
      lookupStatus.set(status, (lookupStatus.get(status) ?? 0) + 1);
      await sleep(50);
    }
  })();

  // Upload (streamed multipart through the balancer into the object store) and create.
  const uploadStarted = Date.now();
  const uploaded = await uploadPortfolioCsv(balancerPort, headers, csvPath, 'fleet.csv');
  say(`uploaded ${ROWS.toLocaleString('en-US')} rows through the balancer in ${secs(Date.now() - uploadStarted)}`);
  const api = (method: string, pathname: string, payload?: unknown) =>
    fetch(`http://127.0.0.1:${balancerPort}${pathname}`, {
      method,
      headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      body: payload ? JSON.stringify(payload) : undefined,
    });
  const created = await api('POST', '/api/caribou/portfolios', {
    name: 'Fleet book',
    products: 'zfire',
    uploadedFileName: uploaded.uploadedFileName,
  });
  if (created.status !== 201) throw new Error(`create ${created.status}: ${await created.text()}`);
  const portfolioId = ((await created.json()) as { portfolioId: number }[])[0]!.portfolioId;
  const runStarted = Date.now();

  let killed = false;
  let outage = false;
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
    if (Date.now() - lastReport > 15_000) {
      lastReport = Date.now();
      say(
        `  ${product?.status ?? '(no answer)'} ${product?.progress ? `${product.progress.committed}/${product.progress.total} chunks` : ''}; load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
    if (!killed && progress >= 0.2) {
      killed = true;
      const victim = processes.find((p) => p.name === 'worker-1')!;
      victim.child.kill('SIGKILL');
      say(
        `SIGKILL worker-1 (pid ${victim.child.pid}) at ${product!.progress!.committed}/${product!.progress!.total} chunks`,
      );
    }
    if (killed && !outage && progress >= 0.4) {
      outage = true;
      say(
        `stopping PostgreSQL for ${secs(OUTAGE_MS)} at ${product!.progress!.committed}/${product!.progress!.total} chunks`,
      );
      await database.stop();
      const during = await fetch(`http://127.0.0.1:${backends[0]}/readyz`)
        .then((r) => r.status)
        .catch(() => 0);
      const apiDuring = await api('GET', `/api/caribou/portfolio/${portfolioId}/metadata`)
        .then((r) => `${r.status} Retry-After ${r.headers.get('retry-after')}`)
        .catch(() => 'no answer');
      say(`  during the outage: /readyz ${during}, API ${apiDuring}`);
      await sleep(OUTAGE_MS);
      database = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort });
      say('PostgreSQL is back');
    }
    if (Date.now() - runStarted > 30 * 60_000) throw new Error('the portfolio did not finish within 30 minutes');
    await sleep(1000);
  }
  const readyMs = Date.now() - runStarted;
  looking = false;
  await lookups;

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
  const fiveHundreds = [...statuses].filter(([s]) => s === 500).reduce((sum, [, n]) => sum + n, 0);
  const checks = {
    ready: true,
    oneResultPerRow: Number(results.rows) === ROWS && Number(results.distinct) === ROWS,
    billedOnce: Number(billed?.q ?? 0) === Number(results.billable),
    no500: fiveHundreds === 0 && !lookupStatus.has(500),
    workerKilled: killed,
    outage,
  };
  say(
    `READY ${secs(readyMs)} after creation; results ${Number(results.rows).toLocaleString('en-US')} rows (${Number(results.distinct).toLocaleString('en-US')} distinct row numbers, ${Number(results.scored).toLocaleString('en-US')} scored), usage billed ${Number(billed?.q ?? 0).toLocaleString('en-US')} for ${Number(results.billable).toLocaleString('en-US')} billable rows`,
  );
  say(
    `answers through the balancer by status: ${JSON.stringify(Object.fromEntries(statuses))}; lookups by status: ${JSON.stringify(Object.fromEntries(lookupStatus))}`,
  );
  say(
    `lookups (200 answers, through the balancer, one at a time): p50 ${percentile(lookupMs, 50).toFixed(0)} ms, p95 ${percentile(lookupMs, 95).toFixed(0)} ms, n=${lookupMs.length}; load ${os
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
  balancer.close();
  await s3.close();
  await db.destroy();
  await database.stop();
  if (!process.env.KEEP) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
  process.exitCode = failed ? 1 : 0;
}
