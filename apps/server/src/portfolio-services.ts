import type { ServerConfig } from './config.js';
import type { Db } from './db/database.js';
import { unconfiguredScorer, type PortfolioDeps, type PortfolioWork } from './domain/portfolio/services.js';
import type { PortfolioScorer } from './domain/portfolio/pipeline/seams.js';
import { queueIngest, queueRunChunks } from './jobs/portfolio-jobs.js';
import { queuePlacing } from './jobs/monitoring-jobs.js';
import { JobQueue } from './jobs/queue.js';
import type { BlobStore } from './storage/blob-store.js';
import { createBlobStore } from './storage/create-blob-store.js';
import type { UploadLimits } from './domain/portfolio/uploads.js';

/**
 * Composition root of the portfolio tool: the blob store, the job queue and the engines, wired
 * here so that the domain names the work (PortfolioWork) without importing jobs/.
 */
export interface PortfolioServices {
  blobs: BlobStore;
  queue: JobQueue;
  scorer: PortfolioScorer;
  maxUploadBytes: number;
  chunkSize: number;
  uploadLimits: UploadLimits;
  /** How long a switch-on waits for a world change being applied (default 15 s; tests shorten it). */
  applierWaitMs?: number;
}

export function createPortfolioServices(
  ctx: { config: ServerConfig; db: Db },
  overrides: Partial<PortfolioServices> = {},
): PortfolioServices {
  return {
    blobs: overrides.blobs ?? createBlobStore(ctx.config.blobStore),
    queue: overrides.queue ?? new JobQueue(ctx.db),
    scorer: overrides.scorer ?? unconfiguredScorer,
    maxUploadBytes: overrides.maxUploadBytes ?? ctx.config.portfolio.maxUploadBytes,
    chunkSize: overrides.chunkSize ?? ctx.config.portfolio.chunkSize,
    uploadLimits: overrides.uploadLimits ?? {
      quotaBytes: ctx.config.portfolio.uploadQuotaBytes,
      uploadsPerHour: ctx.config.portfolio.uploadsPerHour,
    },
    applierWaitMs: overrides.applierWaitMs,
  };
}

/** The portfolio work on the job queue. */
export function queueWork(db: Db, queue: JobQueue): PortfolioWork {
  return {
    ingest: (portfolioId) => queueIngest(queue, portfolioId),
    runChunks: (runId) => queueRunChunks(db, queue, runId),
    placeMonitoredRows: (book) => queuePlacing(queue, book),
  };
}

/** What the domain's portfolio commands get: the services with the work on their queue. */
export function portfolioDeps(db: Db, services: PortfolioServices): PortfolioDeps {
  return {
    db,
    blobs: services.blobs,
    scorer: services.scorer,
    work: queueWork(db, services.queue),
    maxUploadBytes: services.maxUploadBytes,
    chunkSize: services.chunkSize,
    uploadLimits: services.uploadLimits,
    applierWaitMs: services.applierWaitMs,
  };
}
