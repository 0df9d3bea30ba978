/**
 * Portfolio pipeline benchmark (issue 6): the real app (buildApp, real bearer token) on an
 * embedded PostgreSQL, the portfolio worker in its own process (as `npm start` runs it), and a
 * ROWS-row CSV (default 1,000,000) built from the world's properties:
 *   MODE=coordinates (default): latitude/longitude, nine rows in ten a few metres from a property;
 *   MODE=addresses: address columns only (one in 20 misspelt, one in 50 nowhere).
 * It uploads the file over HTTP (streamed multipart), times upload → READY and the CSV export,
 * runs single-property lookups one at a time throughout (server-side p50/p95: the API's event loop
 * must stay free), prints the peak RSS of every process (API, worker, PostgreSQL) and the ratio to
 * a plain COPY of the same file, and the CPU seconds of each process (the machine is shared: wall
 * times move with the load, CPU much less). The worker prints where a run's time went
 * (PORTFOLIO_TIMINGS=totals, set here: ingest parse+COPY, keys, placing points, joining the score
 * index and writing, finishing). Then the CSV and XLSX exports are timed. Memory stays flat: the
 * CSV is written page by page.
 * Targets (issue 22): coordinates ≤ 15 s, addresses on the 1M-address world ≤ 45 s, CSV export
 * ≤ 3 s, XLSX ≤ 15 s, lookups p95 ≤ 100 ms, every process ≤ 1 GiB.
 *
 *   WORLD_DATA_DIR=/path  reuse an embedded PostgreSQL data folder holding a world (e.g. one made by
 *                         `DATA_DIR=/path npm run world -- --properties 1000000`); default: a fresh
 *                         temporary one with the default 20k world.
 *   WORKER=inline         the worker in the API process instead (for comparison).
 *   WAIT_FOR_INDEX=0      start without waiting for the score index (rows it lacks are scored by the run).
 *   npm run -w bench bench:portfolio            (ROWS=200000 for a quicker run)
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PORTFOLIO_PRODUCTS } from '@zview/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { walByRecord, walByRelation } from './support/pg-waits.js';
import { buildApp } from '../apps/server/src/app.js';
// Type-only: the route config augmentation (config.policy) the app's files rely on.
import type {} from '../apps/server/src/http/route-config.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDb } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { riskModelScorer } from '../apps/server/src/domain/portfolio/pipeline/risk-scorer.js';
import { worldRevision } from '../apps/server/src/db/world-revision.js';
import { createPortfolioServices } from '../apps/server/src/portfolio-services.js';
import { worldImagerySources } from '../apps/server/src/domain/property/imagery-sources.js';
import { startProductionPortfolioWorker } from '../apps/server/src/jobs/portfolio-worker.js';
import { superviseWorkerProcess, type WorkerSupervisor } from '../apps/server/src/jobs/worker-supervisor.js';
import { DEFAULT_WORLD, seedWorld } from '../apps/server/src/world/seed.js';
import { downloadElsewhere } from './support/download.js';
import { loadavg, mark, mb, percentile, secs } from './support/figures.js';
import { portfolioMemberHeaders, uploadPortfolioCsv, worldAddresses } from './support/portfolio-client.js';
import { cpuByRoleSince, cpuSeconds, postgresPids, procMemory, readPostgres, totalCpu } from './support/processes.js';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const MODE = process.env.MODE === 'addresses' ? 'addresses' : 'coordinates';
const INLINE = process.env.WORKER === 'inline';
const work = mkdtempSync(path.join(os.tmpdir(), 'zview-bench-portfolio-'));
const csvPath = path.join(work, 'portfolio.csv');

/** Writes the CSV page by page from the world's properties (flat memory). */
async function generate(db: ReturnType<typeof createDb>['db']) {
  const out = createWriteStream(csvPath);
  const write = (text: string) =>
    out.write(text) ? undefined : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await write(
    MODE === 'coordinates'
      ? 'policy_id,latitude,longitude,building_tiv,notes\n'
      : 'policy_id,street,city,state,zip,building_tiv,notes\n',
  );
  let after = '';
  let i = 0;
  while (i < ROWS) {
    const page = await db
      .selectFrom('properties')
      .select(['id', 'address_line', 'city', 'state', 'zip', 'lat', 'lng'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(20_000)
      .execute();
    if (!page.length) {
      if (!after) throw new Error('The world has no properties');
      after = ''; // a world smaller than ROWS: go round again
      continue;
    }
    after = page[page.length - 1]!.id;
    let block = '';
    for (const p of page) {
      if (++i > ROWS) break;
      const extra = `${100000 + (i % 900) * 1000},"note ${i}, block ${i % 97}"`;
      if (MODE === 'coordinates') {
        const onWorld = i % 10 !== 0;
        const lat = onWorld ? p.lat + 0.00002 : 25 + ((i * 7919) % 20000) / 1000;
        const lng = onWorld ? p.lng - 0.00002 : -124 + ((i * 104729) % 57000) / 1000;
        block += `P${i},${lat.toFixed(6)},${lng.toFixed(6)},${extra}\n`;
      } else {
        const street =
          i % 50 === 0 ? `${i} Nowhere Lane` : i % 20 === 0 ? p.address_line.replace(/[aeiou]/i, '') : p.address_line;
        block += `P${i},"${street}",${p.city},${p.state},${p.zip},${extra}\n`;
      }
    }
    await write(block);
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

async function main() {
  console.log(
    `Portfolio benchmark: ${ROWS.toLocaleString('en-US')} rows with ${MODE}, real engines, worker ${INLINE ? 'in the API process' : 'in its own process'}; load average ${loadavg()}`,
  );
  let started = Date.now();
  const pgDataDir = process.env.WORLD_DATA_DIR
    ? path.join(path.resolve(process.env.WORLD_DATA_DIR), 'pg')
    : path.join(work, 'pg');
  // BENCH_DATABASE_URL: a PostgreSQL already running on WORLD_DATA_DIR (e.g. one building its score index).
  const embedded = process.env.BENCH_DATABASE_URL
    ? { url: process.env.BENCH_DATABASE_URL, stop: async () => {} }
    : await startEmbeddedPostgres({ dataDir: pgDataDir, port: 0 });
  const url = embedded.url;
  const { db } = createDb(url, 20); // the API's pool size (db/open.ts)
  await migrateToLatest(db);
  if (!process.env.WORLD_DATA_DIR) await seedWorld(url, { ...DEFAULT_WORLD });
  // A reused database may hold an earlier (interrupted) run: remove its portfolios, or the worker
  // works their queued chunks first (their jobs then find no run and finish at once).
  else await db.deleteFrom('portfolios').execute();
  const { count: worldSize } = await db
    .selectFrom('properties')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  await generate(db);
  console.log(
    `  world of ${Number(worldSize).toLocaleString('en-US')} properties; generated ${mb(statSync(csvPath).size)} CSV in ${secs(Date.now() - started)}`,
  );

  // The API process (this one): the real app, its routes and policies, a real token.
  const config = loadConfig({ PORT: '0', DATABASE_URL: url, DATA_DIR: work, LOG_LEVEL: 'warn' });
  const services = createPortfolioServices({ config, db }, { scorer: riskModelScorer(db) });
  const app = await buildApp({ config, db, imagery: worldImagerySources(db), portfolio: services });
  const lookupMs: number[] = [];
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/api/caribou/v3/property/assessment/zview')) lookupMs.push(reply.elapsedTime);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const headers = await portfolioMemberHeaders(app, db, 'Bench');
  const api = (method: string, route: string, payload?: unknown) =>
    app.inject({ method: method as 'GET', url: route, headers, ...(payload ? { payload: payload as object } : {}) });

  // The worker, as main.ts starts it.
  const { rows: clock } = await sql<{ now: Date }>`SELECT now()`.execute(db);
  const workerStarted = clock[0]!.now;
  const worker = INLINE
    ? await startProductionPortfolioWorker(config, db, url)
    : superviseWorkerProcess({
        databaseUrl: url,
        env: { DATA_DIR: work, LOG_LEVEL: 'warn', PORTFOLIO_TIMINGS: process.env.PORTFOLIO_TIMINGS ?? 'totals' },
      });
  const workerPid = INLINE ? undefined : (worker as WorkerSupervisor).pid();

  // Memory of every process, sampled each half second.
  const peak = { api: 0, worker: 0, pgTotal: 0, pgLargest: 0 };
  // The worker's memory so far, on the progress lines: when its peak came (start-up, ingest or run).
  const workerPeak = () =>
    workerPid ? `; worker ${mb(procMemory(workerPid).rss)}, peak ${mb(procMemory(workerPid).hwm)}` : '';
  // PostgreSQL's processes listed again every 5 s, not every sample: listing reads every process
  // of the machine, and the bench's own process is the API's, whose CPU it prints.
  let pgPids: number[] = [];
  let pgPidsListed = 0;
  const sample = () => {
    peak.api = Math.max(peak.api, process.memoryUsage().rss);
    if (workerPid) peak.worker = Math.max(peak.worker, procMemory(workerPid).hwm);
    if (Date.now() - pgPidsListed > 5_000) {
      pgPids = postgresPids(pgDataDir);
      pgPidsListed = Date.now();
    }
    const pgs = pgPids.map((pid) => procMemory(pid).rss);
    peak.pgTotal = Math.max(
      peak.pgTotal,
      pgs.reduce((a, b) => a + b, 0),
    );
    peak.pgLargest = Math.max(peak.pgLargest, ...pgs);
  };
  const memoryTimer = setInterval(sample, 500);

  // Single-property lookups one at a time while the portfolio is processed.
  const lookupAddresses = await worldAddresses(db, 200);
  let looking = true;
  const lookups = (async () => {
    for (let n = 0; looking; n++) {
      const location = lookupAddresses[n % lookupAddresses.length]!;
      await fetch(
        `http://127.0.0.1:${port}/api/caribou/v3/property/assessment/zview?${new URLSearchParams({ location_type: 'address', location })}`,
        { headers },
      ).then((r) => r.text());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();

  // Portfolio runs score from the precomputed score index (built in the background by the worker
  // after a world load): wait for it, as a deployment has it long before the first upload.
  started = Date.now();
  for (let lastIndexReport = 0; process.env.WAIT_FOR_INDEX !== '0';) {
    const builds = await db
      .selectFrom('score_index_builds')
      .select(['product', 'property_count', 'completed_at'])
      .where('world_revision', '=', await worldRevision(db))
      .execute();
    if (builds.length >= PORTFOLIO_PRODUCTS.length && builds.every((b) => b.completed_at)) break;
    if (Date.now() - lastIndexReport > 15_000) {
      lastIndexReport = Date.now();
      console.log(
        `  … score index: ${builds.map((b) => `${b.product} ${b.property_count.toLocaleString('en-US')}${b.completed_at ? ' ✓' : ''}`).join(', ') || 'starting'}  load ${loadavg()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.log(`  score index ready after ${secs(Date.now() - started)} (0 s when the world already had one)`);
  // On a world that has its index the upload would otherwise start while the worker process is
  // still booting, and its start-up would count in the ingest: wait until it has worked the index
  // check it queues once its portfolio queues are polled.
  for (const until = Date.now() + 120_000; Date.now() < until;) {
    const { rows } = await sql`
      SELECT 1 FROM pgboss.job WHERE name LIKE 'score-index-build%' AND state = 'completed' AND created_on >= ${workerStarted}`.execute(
      db,
    );
    if (rows.length) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.log(`  worker ready after ${secs(Date.now() - started)}; load ${loadavg()}${workerPeak()}`);

  // Lookups count from the upload on (not while a new world's score index was being built).
  lookupMs.length = 0;
  started = Date.now();
  const uploaded = await uploadPortfolioCsv(port, headers, csvPath, 'portfolio.csv');
  const uploadMs = Date.now() - started;
  // CPU used from here to READY: on a shared machine the wall time says little, the CPU seconds
  // say what a quiet one would need (their sum over the cores is a floor of its wall time).
  const cpu = () => ({
    api: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
    worker: workerPid ? cpuSeconds(workerPid, true) : 0,
    // One reading of PostgreSQL's processes gives both its total and its split by process.
    pg: readPostgres(pgDataDir),
  });
  const cpuBefore = cpu();
  // The WAL the run writes (issue 46: every commit beside it, a lookup's included, flushes it).
  const walAt = async () =>
    (await sql<{ lsn: string }>`SELECT pg_current_wal_insert_lsn()::text AS lsn`.execute(db)).rows[0]!.lsn;
  const walBefore = await walAt();
  started = Date.now();
  const create = await api('POST', '/api/caribou/portfolios', {
    name: 'Bench book',
    products: 'zfire',
    uploadedFileName: uploaded.uploadedFileName,
  });
  if (create.statusCode !== 201) throw new Error(create.body);
  const id = create.json()[0].portfolioId as number;
  // A user's page polls the metadata once a second, three times as often as the results page does
  // (RESULTS_POLL_MS); READY is seen by a cheap query every 50 ms, so the time is not rounded up to
  // the next poll (by up to a second, as it was before session 11).
  let lastReport = 0;
  let polling = true;
  const metadataPolls = (async () => {
    while (polling) {
      const product = (await api('GET', `/api/caribou/portfolio/${id}/metadata`)).json().products[0];
      if (polling && Date.now() - lastReport > 15_000) {
        lastReport = Date.now();
        console.log(
          `  … ${secs(Date.now() - started)} ${product.status} ${product.progress ? `${product.progress.committed}/${product.progress.total} chunks` : '(reading file)'}  load ${loadavg()}${workerPeak()}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  for (;;) {
    const product = await db
      .selectFrom('portfolio_products')
      .select('status')
      .where('portfolio_id', '=', id)
      .executeTakeFirstOrThrow();
    if (product.status === 'READY') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const readyMs = Date.now() - started;
  const walAtReady = await walAt();
  const cpuAfter = cpu();
  const pgRun = cpuByRoleSince(cpuBefore.pg, cpuAfter.pg);
  // Printed at once (the figures come after the exports), so a profiler can stop here.
  console.log(`  … ${secs(readyMs)} READY`);
  polling = false;
  await metadataPolls;
  const cpuUsed = {
    api: cpuAfter.api - cpuBefore.api,
    worker: cpuAfter.worker - cpuBefore.worker,
    pg: totalCpu(cpuAfter.pg) - totalCpu(cpuBefore.pg),
  };
  // The run starts when ingest has committed the rows (ingested_at is the time its transaction began).
  const run = await db
    .selectFrom('portfolio_runs')
    .select(['created_at', 'completed_at'])
    .where('portfolio_id', '=', id)
    .executeTakeFirstOrThrow();
  const ingestMs = run.created_at.getTime() - started;
  // And the analysis the worker builds once the run completes (exposure, aggregates, rings).
  const analysisStarted = Date.now();
  for (let waited = 0; waited < 120_000; waited += 200) {
    const built = await db
      .selectFrom('portfolio_accumulation_builds')
      .innerJoin('portfolio_runs', 'portfolio_runs.id', 'portfolio_accumulation_builds.run_id')
      .select('portfolio_accumulation_builds.rings')
      .where('portfolio_runs.portfolio_id', '=', id)
      .executeTakeFirst();
    if (built && Object.keys(built.rings).length === 2) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const walMb = async (from: string, to: string) =>
    Number(
      (await sql<{ b: string }>`SELECT pg_wal_lsn_diff(${to}::pg_lsn, ${from}::pg_lsn)::text AS b`.execute(db)).rows[0]!
        .b,
    ) / 1e6;
  const walAnalysed = await walAt();
  // PORTFOLIO_WAL=1: which relations and record types that WAL was (pg_walinspect).
  if (process.env.PORTFOLIO_WAL === '1') {
    const inspect = new pg.Client({ connectionString: url });
    await inspect.connect();
    await inspect.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
    for (const [label, from, to] of [
      ['to READY', walBefore, walAtReady],
      ['analysis', walAtReady, walAnalysed],
    ] as const)
      console.log(
        `    WAL ${label}: ${await walByRelation(inspect, from, to)}\n      by record: ${await walByRecord(inspect, from, to)}`,
      );
    await inspect.end();
  }
  console.log(
    `  WAL written: upload complete → READY ${(await walMb(walBefore, walAtReady)).toFixed(1)} MB, READY → analysis built (${secs(Date.now() - analysisStarted)}) ${(await walMb(walAtReady, walAnalysed)).toFixed(1)} MB (lookups and the bench's own polls included)`,
  );
  const duringRun = [...lookupMs];
  looking = false;
  await lookups;

  /**
   * Downloads an export in a client process of its own (support/download.ts), counting its bytes:
   * wall time as the client saw it, and the API process's CPU (formatting, sending) and PostgreSQL's.
   */
  const download = async (query: string) => {
    const cpuBegin = cpu();
    const got = await downloadElsewhere(
      `http://127.0.0.1:${port}/api/caribou/portfolio/${id}/product/zfire/export${query}`,
      headers,
    );
    if (got.status !== 200) throw new Error(`export ${got.status}`);
    const cpuEnd = cpu();
    return {
      ms: got.ms,
      bytes: got.bytes,
      apiCpu: cpuEnd.api - cpuBegin.api,
      workerCpu: cpuEnd.worker - cpuBegin.worker,
      pgCpu: totalCpu(cpuEnd.pg) - totalCpu(cpuBegin.pg),
      pgRoles: cpuByRoleSince(cpuBegin.pg, cpuEnd.pg),
    };
  };
  const csvExport = await download('');
  // EXPORTS=n downloads the CSV n times in all (one figure on a shared machine says little).
  const moreCsv: Awaited<ReturnType<typeof download>>[] = [];
  for (let i = 1; i < Number(process.env.EXPORTS ?? 1); i++) moreCsv.push(await download(''));
  const xlsxExport = ROWS + 1 <= 1_048_576 ? await download('?format=xlsx') : null;
  const exportMs = csvExport.ms;
  const exportBytes = csvExport.bytes;
  sample();
  clearInterval(memoryTimer);
  const meta = (await api('GET', `/api/caribou/portfolio/${id}/metadata`)).json();

  // Baseline: the same file into a plain table with COPY and nothing else; the median of three
  // (one sample moved by a tenth of a second with the machine, and the ratio with it).
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const columns =
    MODE === 'coordinates'
      ? 'policy_id text, latitude text, longitude text, building_tiv text, notes text'
      : 'policy_id text, street text, city text, state text, zip text, building_tiv text, notes text';
  await client.query(`CREATE UNLOGGED TABLE bench_copy (${columns})`);
  const copies: number[] = [];
  for (let i = 0; i < 3; i++) {
    await client.query('TRUNCATE bench_copy');
    started = Date.now();
    await pipeline(
      createReadStream(csvPath),
      client.query(copyFrom('COPY bench_copy FROM STDIN (FORMAT csv, HEADER true)')),
    );
    copies.push(Date.now() - started);
  }
  const copyMs = copies.sort((a, b) => a - b)[1]!;
  await client.query('DROP TABLE bench_copy');
  await client.end();

  const target = MODE === 'coordinates' ? 15_000 : 45_000;
  const p95 = percentile(duringRun, 95);
  console.log(`  upload (HTTP, streamed to blob store): ${secs(uploadMs)}`);
  console.log(
    `  upload complete → READY (ingest, geocode, score, commit): ${secs(readyMs)} ${mark(readyMs <= target)} (≤ ${secs(target)})  ${Math.round(ROWS / (readyMs / 1000)).toLocaleString('en-US')} rows/s`,
  );
  console.log(
    `    of which upload complete → run started (ingest) ${secs(ingestMs)}, run started → READY (geocode, score, commit) ${secs(readyMs - ingestMs)}`,
  );
  console.log(
    `    CPU used meanwhile: PostgreSQL ${cpuUsed.pg.toFixed(1)} s, worker ${cpuUsed.worker.toFixed(1)} s, API and lookups ${cpuUsed.api.toFixed(1)} s: ${((cpuUsed.pg + cpuUsed.worker + cpuUsed.api) / os.cpus().length).toFixed(1)} s of all ${os.cpus().length} cores`,
  );
  console.log(`    PostgreSQL's CPU by process: ${pgRun}`);
  console.log(
    `  export CSV: ${secs(exportMs)} ${mark(exportMs <= 3_000)} (≤ 3 s) for ${mb(exportBytes)}; CPU: API ${csvExport.apiCpu.toFixed(1)} s, worker ${csvExport.workerCpu.toFixed(1)} s, PostgreSQL ${csvExport.pgCpu.toFixed(1)} s (${csvExport.pgRoles})` +
      (moreCsv.length
        ? `; again: ${moreCsv.map((e) => `${secs(e.ms)} (API ${e.apiCpu.toFixed(1)} s, PostgreSQL ${e.pgCpu.toFixed(1)} s)`).join(', ')}`
        : ''),
  );
  if (xlsxExport)
    console.log(
      `  export XLSX: ${secs(xlsxExport.ms)} ${mark(xlsxExport.ms <= 15_000)} (≤ 15 s) for ${mb(xlsxExport.bytes)}; CPU: API ${xlsxExport.apiCpu.toFixed(1)} s, PostgreSQL ${xlsxExport.pgCpu.toFixed(1)} s`,
    );
  console.log(
    `  plain COPY of the file: ${secs(copyMs)} (median of ${copies.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s)  → upload→READY is ${(readyMs / copyMs).toFixed(1)}× a plain COPY${MODE === 'coordinates' ? ` ${mark(readyMs / copyMs <= 12)} (≤ 12×)` : ''}, CSV export ${(exportMs / copyMs).toFixed(1)}×`,
  );
  console.log(
    `  lookups during the run (server-side, one at a time): p50 ${percentile(duringRun, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms ${mark(p95 <= 100)} (≤ 100)  n=${duringRun.length}`,
  );
  console.log(
    `  peak RSS: API process ${mb(peak.api)}${workerPid ? `, worker process ${mb(peak.worker)}` : ' (worker inside)'} ${mark(Math.max(peak.api, peak.worker) <= 1024 ** 3)} (≤ 1 GiB each); PostgreSQL largest process ${mb(peak.pgLargest)}, all ${mb(peak.pgTotal)} (shared buffers counted in each)`,
  );
  console.log(`  geocoding: ${JSON.stringify(meta.geocodePrecision ?? meta.precision ?? '')}`);
  console.log(`  load average ${loadavg()} (${os.cpus().length} cores, shared)`);

  await worker.stop();
  await app.close();
  await db.destroy();
  await embedded.stop();
  rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
