import { isPortfolioProduct } from '../domain/portfolio/products.js';
import { z } from 'zod';
import type pg from 'pg';
import type { Db } from '../db/database.js';
import type { ColumnMapping } from '../domain/portfolio/columns.js';
import { ingestPortfolio } from '../domain/portfolio/pipeline/ingest.js';
import { uploadBlobKey } from '../domain/portfolio/uploads.js';
import { finishIfComplete, pendingChunks, processChunk, startRun } from '../domain/portfolio/pipeline/runs.js';
import type { BatchGeocoder, PortfolioScorer } from '../domain/portfolio/pipeline/seams.js';
import type { Delimiter, TextEncodingName } from '../domain/portfolio/io/index.js';
import type { BlobStore } from '../storage/blob-store.js';
import { Readable } from 'node:stream';
import { findStalledJobs } from '../db/job-leases.js';
import { INGEST_LOCK, isIngestSuspended } from '../db/jobs.js';
import { findIngestSource, isIngested, lockIngest, setProcessingError, unlockIngest } from '../db/portfolio-ingest.js';
import { productsOf } from '../db/portfolios.js';
import { defineJob, queueName, type JobQueue } from './queue.js';
import { startScoreIndexWorker } from './score-index-jobs.js';
import { queueAnalysisIfComplete, startPortfolioAnalysisWorker } from './portfolio-analysis-jobs.js';

/** Reads the file into staging rows, then starts a run for every product still UPLOADED. */
export const portfolioIngestJob = defineJob({
  id: 'portfolio-ingest',
  version: 1,
  schema: z.object({ portfolioId: z.number().int().positive() }),
  // Reading a 500 MB file takes minutes; the COPY is one transaction, so a retry starts clean.
  expireInSeconds: 15 * 60,
  retryLimit: 5,
  retryDelaySeconds: 5,
});

/** Geocodes, scores and commits one chunk of a run. Short expiry: a dead worker's chunk moves on within a minute. */
export const portfolioChunkJob = defineJob({
  id: 'portfolio-score-chunk',
  version: 1,
  schema: z.object({ runId: z.number().int().positive(), chunkIndex: z.number().int().min(0) }),
  expireInSeconds: 40,
  retryLimit: 20,
  retryDelaySeconds: 2,
});

export async function queueIngest(queue: JobQueue, portfolioId: number) {
  await queue.send(portfolioIngestJob, [{ portfolioId }]);
}

/** Queues every chunk of a run not committed yet (idempotent: committed chunks are skipped by the handler too). */
export async function queueRunChunks(db: Db, queue: JobQueue, runId: number) {
  const chunks = await pendingChunks(db, runId);
  // Every chunk committed (a run suspended between its last commit and its finish): finish it now.
  if (!chunks.length) {
    await finishIfComplete(db, runId);
    await queueAnalysisIfComplete(db, queue, runId);
    return;
  }
  await queue.send(
    portfolioChunkJob,
    chunks.map((chunkIndex) => ({ runId, chunkIndex })),
  );
}

export interface PortfolioWorkerDeps {
  db: Db;
  blobs: BlobStore;
  queue: JobQueue;
  /** A dedicated connection for COPY (released by the caller's `release`). */
  connect: () => Promise<pg.ClientBase & { release?: () => void; end?: () => Promise<void> }>;
  scorer: PortfolioScorer;
  geocoder: BatchGeocoder;
  chunkSize: number;
}

export async function handleIngest(deps: PortfolioWorkerDeps, portfolioId: number) {
  const portfolio = await findIngestSource(deps.db, portfolioId);
  if (!portfolio) return;
  if (!portfolio.ingested_at) {
    const client = await deps.connect();
    try {
      // Held by this connection for the whole read: if the worker dies, PostgreSQL drops the
      // connection and the lock with it, which is how a stalled ingest is told from a slow one
      // (rescueStalledIngests). A second run of the job waits here, then finds the rows read.
      await lockIngest(client, INGEST_LOCK, portfolioId);
      if (await isIngested(deps.db, portfolioId)) return handleIngestRuns(deps, portfolioId, portfolio.created_by);
      // Suspended by staff (before or during an earlier attempt): resuming queues the read again.
      if (await isIngestSuspended(deps.db, portfolioId)) return;
      if ((await deps.blobs.size(uploadBlobKey(portfolio.uploaded_file_name))) === null) {
        await setProcessingError(
          deps.db,
          portfolioId,
          'The uploaded file is no longer available. Upload it again and create a new portfolio.',
        );
        return;
      }
      // (The new partition's statistics are gathered inside: see ingest.ts.)
      await ingestPortfolio(client, stoppableBlobs(deps, portfolioId), {
        grid: await parcelGridOf(deps.scorer),
        addresses: await exactAddressesOf(deps.geocoder),
        id: portfolio.id,
        uploadName: portfolio.uploaded_file_name,
        delimiter: portfolio.delimiter as Delimiter,
        encoding: portfolio.encoding as TextEncodingName,
        mapping: portfolio.column_mapping as ColumnMapping,
      });
    } catch (error) {
      // Suspended mid-read: the read rolled back; it is read again when resumed.
      if (error instanceof IngestSuspended || (await isIngestSuspended(deps.db, portfolioId).catch(() => false)))
        return;
      // Shown with the portfolio until a retry succeeds (a successful read clears it).
      await setProcessingError(
        deps.db,
        portfolioId,
        'Reading the file failed. It is retried automatically; if this message stays, contact support.',
      );
      throw error;
    } finally {
      // Ending the connection releases the lock; a pooled one is unlocked before it goes back.
      if (client.release) {
        await unlockIngest(client, INGEST_LOCK, portfolioId).catch(() => {});
        client.release();
      } else await client.end?.();
    }
  }
  await handleIngestRuns(deps, portfolioId, portfolio.created_by);
}

/** After the file is read: a run for every product still UPLOADED, and the chunks of those in progress. */
async function handleIngestRuns(deps: PortfolioWorkerDeps, portfolioId: number, requestedBy: string) {
  const products = await productsOf(deps.db, portfolioId);
  for (const product of products) {
    if (!isPortfolioProduct(product.product)) continue;
    let runId = product.current_run_id;
    if (product.status === 'UPLOADED') {
      const run = await startRun(deps.db, deps.scorer, {
        portfolioId,
        product: product.product,
        requestedBy,
        chunkSize: deps.chunkSize,
        rerun: false,
      });
      runId = run?.runId ?? null;
    } else if (product.status !== 'IN_PROGRESS') continue;
    if (runId) await queueRunChunks(deps.db, deps.queue, runId);
  }
}

/**
 * The parcels of the current world in memory, with which the ingest places rows that give their
 * own coordinates; null without one (the runs then place them in SQL, as they would anyway).
 */
async function parcelGridOf(scorer: PortfolioScorer) {
  return (await scorer.indexed?.parcelGrid?.().catch(() => null)) ?? null;
}

/** The world's addresses in memory, with which the ingest places address rows; null without them (the runs geocode them all). */
async function exactAddressesOf(geocoder: BatchGeocoder) {
  return (await geocoder.exactAddresses?.().catch(() => null)) ?? null;
}

/** How often a file read asks whether staff suspended it (once per chunk of the file, at most this often). */
const SUSPENSION_CHECK_MS = 250;

/** Thrown into a file read that staff suspended: its transaction rolls back. */
export class IngestSuspended extends Error {
  constructor() {
    super('The file read was suspended.');
  }
}

/**
 * The blob store with the portfolio's file read stopping when staff suspend it (issue 45 item 2):
 * between chunks of the file, at most every SUSPENSION_CHECK_MS, it asks; the read, one
 * transaction, then fails with IngestSuspended and rolls back.
 */
function stoppableBlobs(deps: PortfolioWorkerDeps, portfolioId: number): BlobStore {
  const store = deps.blobs;
  return {
    write: (key, source) => store.write(key, source),
    size: (key) => store.size(key),
    delete: (key) => store.delete(key),
    read(key, range) {
      const source = store.read(key, range);
      async function* checked() {
        let checkedAt = Date.now();
        for await (const chunk of source) {
          if (Date.now() - checkedAt >= SUSPENSION_CHECK_MS) {
            checkedAt = Date.now();
            if (await isIngestSuspended(deps.db, portfolioId)) {
              source.destroy();
              throw new IngestSuspended();
            }
          }
          yield chunk as Buffer;
        }
      }
      return Readable.from(checked(), { objectMode: false });
    },
  };
}
/** An ingest this old whose lock nobody holds belongs to a worker that died. */
const STALLED_AFTER_SECONDS = 30;

/**
 * Hands the ingest jobs of dead workers back to the queue within about a minute, instead of the
 * job's 15-minute expiry (a long file legitimately takes minutes, so the expiry cannot be short):
 * an active ingest job whose portfolio lock is free has lost its worker.
 */
export async function rescueStalledIngests(deps: Pick<PortfolioWorkerDeps, 'db' | 'queue'>): Promise<number> {
  const stalled = await findStalledJobs(deps.db, queueName(portfolioIngestJob), STALLED_AFTER_SECONDS, INGEST_LOCK);
  await deps.queue.fail(portfolioIngestJob, stalled);
  return stalled.length;
}

/** Starts the portfolio worker: this process takes ingest and chunk jobs until stopped. */
export async function startPortfolioWorker(deps: PortfolioWorkerDeps, options: { chunkConcurrency?: number } = {}) {
  // The world's parcels and addresses in memory before the first file is read (a million-property
  // world takes about fifteen seconds: paid once at start, not by the first upload). One after the
  // other: read side by side, their garbage took the worker's memory from ~670 MB to ~920 MB.
  await parcelGridOf(deps.scorer);
  await exactAddressesOf(deps.geocoder);
  await deps.queue.work(portfolioIngestJob, (payload) => handleIngest(deps, payload.portfolioId));
  await deps.queue.work(
    portfolioChunkJob,
    async (payload) => {
      const outcome = await processChunk(deps, payload.runId, payload.chunkIndex);
      // The chunk that completes the run (or a retry of it) has its analysis built next.
      if (outcome === 'committed' || outcome === 'already-committed')
        await queueAnalysisIfComplete(deps.db, deps.queue, payload.runId);
    },
    { concurrency: options.chunkConcurrency ?? 2 },
  );
  await startPortfolioAnalysisWorker(deps.db, deps.queue);
  if (deps.scorer.indexed) await startScoreIndexWorker(deps.db, deps.queue);
  const rescue = setInterval(() => void rescueStalledIngests(deps).catch(() => {}), 15_000);
  rescue.unref();
  return { stop: () => clearInterval(rescue) };
}
