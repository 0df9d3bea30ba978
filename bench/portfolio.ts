/**
 * Portfolio pipeline benchmark: generates a CSV of ROWS (default 1,000,000) properties with
 * coordinates, uploads it over real HTTP (streamed multipart), times upload → READY and the CSV
 * export, reports peak RSS, and compares with a plain COPY of the same file into PostgreSQL.
 * Nothing holds the whole file in memory. By default it scores with the real engines (the
 * coordinates geocoder and the risk models, set-wise per chunk) on the default 20k world, nine
 * rows in ten on a world property; ENGINES=fake uses the test fakes (the pipeline alone).
 *
 *   npm run -w bench bench:portfolio            (ROWS=200000 for a quicker run)
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PORTFOLIO_FEATURE, PORTFOLIO_PRODUCTS } from '@zview/contracts';
import Fastify from 'fastify';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
// Type-only: brings in the app's Fastify augmentations (app.ctx, route config.policy).
import type {} from '../apps/server/src/app.js';
import type {} from '../apps/server/src/http/route-config.js';
import type { Actor } from '../apps/server/src/auth/actor.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDb } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { createPortfolioServices } from '../apps/server/src/domain/portfolio/services.js';
import { registerErrorHandler } from '../apps/server/src/http/errors.js';
import { registerPortfolioRoutes } from '../apps/server/src/http/portfolios.js';
import { startPortfolioWorker } from '../apps/server/src/jobs/portfolio-jobs.js';
import { JobQueue } from '../apps/server/src/jobs/queue.js';
import { riskModelScorer } from '../apps/server/src/domain/portfolio/risk-scorer.js';
import { worldGeocoder } from '../apps/server/src/domain/portfolio/world-geocoder.js';
import { DEFAULT_WORLD, seedWorld } from '../apps/server/src/world/seed.js';
import { fakeGeocoder, fakeScorer } from '../apps/server/test/portfolio/fakes.js';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const REAL = process.env.ENGINES !== 'fake';
const work = mkdtempSync(path.join(os.tmpdir(), 'zview-bench-portfolio-'));
const csvPath = path.join(work, 'portfolio.csv');

let peakRss = 0;
const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const loadavg = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** `world`: points of world properties; nine rows in ten land a few metres from one of them. */
async function generate(world: readonly { lat: number; lng: number }[]) {
  function* lines() {
    yield 'policy_id,latitude,longitude,building_tiv,notes\n';
    for (let i = 1; i <= ROWS; i += 1) {
      const onWorld = world.length > 0 && i % 10 !== 0 ? world[(i * 7919) % world.length]! : null;
      const lat = onWorld ? onWorld.lat + 0.00002 : 25 + ((i * 7919) % 20000) / 1000;
      const lon = onWorld ? onWorld.lng - 0.00002 : -124 + ((i * 104729) % 57000) / 1000;
      yield `P${i},${lat.toFixed(5)},${lon.toFixed(5)},${100000 + (i % 900) * 1000},"note ${i}, block ${i % 97}"\n`;
    }
  }
  await pipeline(Readable.from(lines()), createWriteStream(csvPath));
}

/** Streams a multipart upload of the file (no buffering) and returns the JSON answer. */
function uploadFile(port: number, headers: Record<string, string>): Promise<{ uploadedFileName: string }> {
  const boundary = `----zviewbench${Date.now()}`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/caribou/portfolio/csv', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => (res.statusCode === 201 ? resolve(JSON.parse(body)) : reject(new Error(`upload ${res.statusCode}: ${body}`))));
      },
    );
    req.on('error', reject);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="portfolio.csv"\r\nContent-Type: text/csv\r\n\r\n`);
    const file = createReadStream(csvPath);
    file.pipe(req, { end: false });
    file.on('end', () => req.end(`\r\n--${boundary}--\r\n`));
    file.on('error', reject);
  });
}

async function main() {
  console.log(`Portfolio benchmark: ${ROWS.toLocaleString('en-US')} rows, ${REAL ? 'real engines (coordinates geocoder + risk models) on the 20k world' : 'fake engines'}; load average ${loadavg()}`);
  let started = Date.now();

  let url = process.env.DATABASE_URL;
  let stopPg: (() => Promise<void>) | undefined;
  let pgDir: string | undefined;
  if (!url) {
    // The embedded server may run as the postgres user: give it a folder of its own to create.
    pgDir = mkdtempSync(path.join(os.tmpdir(), 'zview-bench-pg-'));
    rmSync(pgDir, { recursive: true, force: true });
    const embedded = await startEmbeddedPostgres({ dataDir: pgDir, port: 0 });
    url = embedded.url;
    stopPg = embedded.stop;
  }
  const { db } = createDb(url, 10);
  await migrateToLatest(db);
  let world: { lat: number; lng: number }[] = [];
  if (REAL) {
    await seedWorld(url, { ...DEFAULT_WORLD });
    world = await db.selectFrom('properties').select(['lat', 'lng']).orderBy('id').execute();
  }
  await generate(world);
  console.log(`  generated ${mb(statSync(csvPath).size)} CSV in ${secs(Date.now() - started)}${REAL ? ' (with seeding the world)' : ''}`);
  const org = await db
    .insertInto('organizations')
    .values({ name: `Bench ${Date.now()}`, products: PORTFOLIO_PRODUCTS.map((p) => PORTFOLIO_FEATURE[p]) })
    .returning(['id', 'name', 'products'])
    .executeTakeFirstOrThrow();
  const actor: Actor = {
    userId: '00000000-0000-4000-8000-000000000b0c',
    email: 'bench@example.test',
    firstName: 'Bench',
    lastName: 'Runner',
    isInternalAdmin: false,
    externalGroups: [],
    isSso: false,
    organization: { id: org.id, name: org.name, products: org.products, isTrial: false },
    orgRole: 'member',
  };

  const config = loadConfig({ PORT: '0', DATABASE_URL: url, DATA_DIR: work });
  const queue = new JobQueue(db, { maintenanceIntervalSeconds: 10 });
  const scorer = REAL ? riskModelScorer(db) : fakeScorer();
  const services = createPortfolioServices({ config, db }, { queue, scorer });
  const app = Fastify({ bodyLimit: 1024 * 1024 });
  app.decorate('ctx', { config, db, portfolio: services });
  registerErrorHandler(app);
  // Bench only: the signed-in user is fixed (the identity hook is not part of this measurement).
  app.addHook('onRequest', async (request) => {
    request.actor = actor;
  });
  await app.register(registerPortfolioRoutes, { prefix: '/api' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  await startPortfolioWorker(
    {
      db,
      queue,
      blobs: services.blobs,
      connect: async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        return client;
      },
      scorer,
      geocoder: REAL ? worldGeocoder(db) : fakeGeocoder(),
      chunkSize: services.chunkSize,
    },
    { chunkConcurrency: 2 },
  );

  started = Date.now();
  const uploaded = await uploadFile(port, {});
  const uploadMs = Date.now() - started;
  const create = await app.inject({ method: 'POST', url: '/api/caribou/portfolios', payload: { name: 'Bench book', products: 'zfire', uploadedFileName: uploaded.uploadedFileName } });
  if (create.statusCode !== 201) throw new Error(create.body);
  const id = create.json()[0].portfolioId as number;
  let lastReport = 0;
  for (;;) {
    const meta = (await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/metadata` })).json();
    const product = meta.products[0];
    if (product.status === 'READY') break;
    if (Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      console.log(`  … ${product.status} ${product.progress ? `${product.progress.committed}/${product.progress.total} chunks` : '(reading file)'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const readyMs = Date.now() - started;

  started = Date.now();
  let exportBytes = 0;
  await new Promise<void>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: `/api/caribou/portfolio/${id}/product/zfire/export` }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`export ${res.statusCode}`));
      pipeline(res, new Writable({ write: (chunk: Buffer, _enc, cb) => ((exportBytes += chunk.length), cb()) })).then(resolve, reject);
    });
  });
  const exportMs = Date.now() - started;

  // Baseline: the same file into a plain table with COPY and nothing else.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('CREATE UNLOGGED TABLE bench_copy (policy_id text, latitude text, longitude text, building_tiv text, notes text)');
  started = Date.now();
  await pipeline(createReadStream(csvPath), client.query(copyFrom('COPY bench_copy FROM STDIN (FORMAT csv, HEADER true)')));
  const copyMs = Date.now() - started;
  await client.query('DROP TABLE bench_copy');
  await client.end();

  clearInterval(rssTimer);
  console.log(`  upload (HTTP, streamed to blob store): ${secs(uploadMs)}`);
  console.log(`  upload → READY (ingest, geocode, score, commit): ${secs(readyMs)}  (${Math.round(ROWS / (readyMs / 1000)).toLocaleString('en-US')} rows/s)`);
  console.log(`  export CSV: ${secs(exportMs)} for ${mb(exportBytes)}`);
  console.log(`  plain COPY of the file: ${secs(copyMs)}  → upload→READY is ${(readyMs / copyMs).toFixed(1)}× a plain COPY`);
  console.log(`  peak RSS of this process (server + worker): ${mb(peakRss)}`);
  console.log(`  load average ${loadavg()} (${os.cpus().length} cores, shared)`);

  await app.close();
  await queue.stop();
  await db.destroy();
  if (stopPg) await stopPg();
  if (pgDir) rmSync(pgDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
