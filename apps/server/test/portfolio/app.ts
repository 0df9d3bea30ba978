import { PORTFOLIO_FEATURE, PORTFOLIO_PRODUCTS } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/database.js';
import { createPortfolioServices, type PortfolioServices } from '../../src/portfolio-services.js';
import { startPortfolioWorker } from '../../src/jobs/portfolio-jobs.js';
import { JobQueue } from '../../src/jobs/queue.js';
import { LocalBlobStore, type BlobStore } from '../../src/storage/blob-store.js';
import { Readable } from 'node:stream';
import { riskModelScorer } from '../../src/domain/portfolio/pipeline/risk-scorer.js';
import type { BatchGeocoder, PortfolioScorer } from '../../src/domain/portfolio/pipeline/seams.js';
import { worldGeocoder } from '../../src/domain/portfolio/pipeline/world-geocoder.js';
import { seedWorld } from '../../src/world/seed.js';
import { useTestDatabase } from '../database.js';
import { authHeader, createOrganization, createUser, type TestOrganization, type TestUser } from '../factories.js';
import { fakeGeocoder, fakeScorer } from './fakes.js';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The real application (identity provider, bearer-token authentication, the one policy) with
 * portfolio services of the test's choosing: chunk size, upload cap, fake or real engines, and
 * an in-process worker unless `worker: false`. Requests carry real tokens (see createMember).
 */
export async function usePortfolioTestApp(
  options: {
    chunkSize?: number;
    maxUploadBytes?: number;
    worker?: boolean;
    scorer?: ReturnType<typeof fakeScorer>;
    realEngines?: { properties: number };
    /** The worker reads files this many ms per chunk of 16 KB (a file read slowed enough to catch). */
    slowReadMs?: number;
  } = {},
) {
  const database = await useTestDatabase();
  // Real engines: a small generated world, the address geocoder and the risk models.
  if (options.realEngines) await seedWorld(database.url, { seed: 11, properties: options.realEngines.properties });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zview-portfolio-'));
  const config = loadConfig({
    PORT: '0',
    PORTFOLIO_CHUNK_SIZE: String(options.chunkSize ?? 50),
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
  });
  const queue = new JobQueue(database.db, { maintenanceIntervalSeconds: 2, pollingIntervalSeconds: 0.5 });
  const scorer: PortfolioScorer = options.realEngines ? riskModelScorer(database.db) : (options.scorer ?? fakeScorer());
  const geocoder: BatchGeocoder = options.realEngines ? worldGeocoder(database.db) : fakeGeocoder();
  const services: PortfolioServices = createPortfolioServices(
    { config, db: database.db },
    {
      queue,
      scorer,
      blobs: new LocalBlobStore(path.join(dataDir, 'blobs')),
      ...(options.maxUploadBytes ? { maxUploadBytes: options.maxUploadBytes } : {}),
    },
  );
  const app: FastifyInstance = await buildApp({ config, db: database.db, portfolio: services });
  await app.ready();
  if (options.worker !== false) {
    await startPortfolioWorker({
      db: database.db,
      blobs: options.slowReadMs ? slowReads(services.blobs, options.slowReadMs) : services.blobs,
      queue,
      connect: async () => {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        return client;
      },
      scorer,
      geocoder,
      chunkSize: services.chunkSize,
    });
  }
  afterAll(async () => {
    await app.close();
    await queue.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, ...database, services, scorer, geocoder, queue, dataDir };
}

/** The store with every read cut into 16 KB pieces, each `ms` after the last. */
function slowReads(store: BlobStore, ms: number): BlobStore {
  return {
    write: (key, source) => store.write(key, source),
    size: (key) => store.size(key),
    delete: (key) => store.delete(key),
    read(key, range) {
      const source = store.read(key, range);
      async function* slowly() {
        for await (const chunk of source as AsyncIterable<Buffer>)
          for (let at = 0; at < chunk.length; at += 16_384) {
            await new Promise((resolve) => setTimeout(resolve, ms));
            yield chunk.subarray(at, at + 16_384);
          }
      }
      return Readable.from(slowly(), { objectMode: false });
    },
  };
}

/**
 * A fresh organisation with the given portfolio products enabled (all by default), a member of
 * it, and that member's real bearer token as request headers.
 */
export async function createMember(
  app: FastifyInstance,
  db: Db,
  options: { products?: string[]; internalAdmin?: boolean } = {},
): Promise<{ org: TestOrganization; user: TestUser; headers: Record<string, string> }> {
  const org = await createOrganization(db, {
    products: options.products ?? PORTFOLIO_PRODUCTS.map((p) => PORTFOLIO_FEATURE[p]),
  });
  const user = await createUser(db, { org, internalAdmin: options.internalAdmin ?? false });
  return { org, user, headers: await authHeader(app, user) };
}

/** A multipart/form-data body with one file in the field "file". */
export function multipart(fileName: string, content: string | Buffer, field = 'file') {
  const boundary = `----zviewtest${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Polls until `check` returns a value (or the time runs out). */
export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
  what = 'condition',
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A pool of the test's own beside the app's (raw SQL, sessions of its own), ended after the file.
 * Its idle clients are cut when the test database is dropped at teardown: without a listener that
 * 'error' is an uncaught exception that fails the whole run (57P01, seen once in a full run).
 */
export function useRawPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  afterAll(() => pool.end());
  return pool;
}
