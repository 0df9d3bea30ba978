import { isPortfolioProduct } from '../domain/portfolio/products.js';
import { z } from 'zod';
import type pg from 'pg';
import type { Db } from '../db/database.js';
import type { ColumnMapping } from '../domain/portfolio/columns.js';
import { ingestPortfolio } from '../domain/portfolio/ingest.js';
import { uploadBlobKey } from '../domain/portfolio/uploads.js';
import { finishIfComplete, pendingChunks, processChunk, startRun } from '../domain/portfolio/runs.js';
import type { BatchGeocoder, PortfolioScorer } from '../domain/portfolio/seams.js';
import type { Delimiter, TextEncodingName } from '../domain/portfolio/sniff.js';
import type { BlobStore } from '../storage/blob-store.js';
import { defineJob, type JobQueue } from './queue.js';
import { startScoreIndexWorker } from './score-index-jobs.js';

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
  if (!chunks.length) return finishIfComplete(db, runId);
  await queue.send(portfolioChunkJob, chunks.map((chunkIndex) => ({ runId, chunkIndex })));
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
  const portfolio = await deps.db
    .selectFrom('portfolios')
    .innerJoin('portfolio_uploads', 'portfolio_uploads.name', 'portfolios.uploaded_file_name')
    .select(['portfolios.id', 'portfolios.uploaded_file_name', 'portfolios.column_mapping', 'portfolios.created_by', 'portfolios.ingested_at', 'portfolio_uploads.delimiter', 'portfolio_uploads.encoding'])
    .where('portfolios.id', '=', portfolioId)
    .executeTakeFirst();
  if (!portfolio) return;
  if (!portfolio.ingested_at) {
    const client = await deps.connect();
    try {
      if ((await deps.blobs.size(uploadBlobKey(portfolio.uploaded_file_name))) === null) {
        await deps.db.updateTable('portfolios').set({ processing_error: 'The uploaded file is no longer available. Upload it again and create a new portfolio.' }).where('id', '=', portfolioId).execute();
        return;
      }
      // (The new partition's statistics are gathered inside: see ingest.ts.)
      await ingestPortfolio(client, deps.blobs, {
        id: portfolio.id,
        uploadName: portfolio.uploaded_file_name,
        delimiter: portfolio.delimiter as Delimiter,
        encoding: portfolio.encoding as TextEncodingName,
        mapping: portfolio.column_mapping as ColumnMapping,
      });
    } catch (error) {
      // Shown with the portfolio until a retry succeeds (a successful read clears it).
      await deps.db.updateTable('portfolios').set({ processing_error: 'Reading the file failed. It is retried automatically; if this message stays, contact support.' }).where('id', '=', portfolioId).execute();
      throw error;
    } finally {
      if (client.release) client.release();
      else await client.end?.();
    }
  }
  const products = await deps.db.selectFrom('portfolio_products').select(['product', 'status', 'current_run_id']).where('portfolio_id', '=', portfolioId).execute();
  for (const product of products) {
    if (!isPortfolioProduct(product.product)) continue;
    let runId = product.current_run_id;
    if (product.status === 'UPLOADED') {
      const run = await startRun(deps.db, deps.scorer, { portfolioId, product: product.product, requestedBy: portfolio.created_by, chunkSize: deps.chunkSize, rerun: false });
      runId = run?.runId ?? null;
    } else if (product.status !== 'IN_PROGRESS') continue;
    if (runId) await queueRunChunks(deps.db, deps.queue, runId);
  }
}

/** Starts the portfolio worker: this process takes ingest and chunk jobs until stopped. */
export async function startPortfolioWorker(deps: PortfolioWorkerDeps, options: { chunkConcurrency?: number } = {}) {
  await deps.queue.work(portfolioIngestJob, (payload) => handleIngest(deps, payload.portfolioId));
  await deps.queue.work(portfolioChunkJob, async (payload) => {
    await processChunk(deps, payload.runId, payload.chunkIndex);
  }, { concurrency: options.chunkConcurrency ?? 2 });
  if (deps.scorer.indexed) await startScoreIndexWorker(deps.db, deps.queue);
}
