import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { JobQueue } from '../../jobs/queue.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { createBlobStore } from '../../storage/create-blob-store.js';
import type { PortfolioScorer } from './seams.js';
import type { UploadLimits } from './uploads.js';

/** What the portfolio routes need besides the database. */
export interface PortfolioServices {
  blobs: BlobStore;
  queue: JobQueue;
  /** Only its model information is used by the API (a rerun records the model version it runs). */
  scorer: PortfolioScorer;
  maxUploadBytes: number;
  chunkSize: number;
  /** Per-organisation bounds on stored uploads (issue 12). */
  uploadLimits: UploadLimits;
}

/**
 * Stands in until the risk models are plugged in (domain/risk): runs can be queued, and the
 * worker refuses to score with a clear error instead of inventing numbers.
 */
export const unconfiguredScorer: PortfolioScorer = {
  modelInfo: () => ({ modelVersion: 'unconfigured', dataDate: '1970-01-01' }),
  async scoreRows() {
    throw new Error('No portfolio scorer is configured: pass the risk models to createPortfolioServices / startPortfolioWorker.');
  },
};

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
    uploadLimits: overrides.uploadLimits ?? { quotaBytes: ctx.config.portfolio.uploadQuotaBytes, uploadsPerHour: ctx.config.portfolio.uploadsPerHour },
  };
}
