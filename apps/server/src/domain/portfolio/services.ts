import type { Db } from '../../db/database.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { PortfolioScorer } from './pipeline/seams.js';
import type { UploadLimits } from './uploads.js';

/**
 * Background work the portfolio commands start. The domain only names it; the composition root
 * (src/portfolio-services.ts) implements it on the job queue, so the domain never imports jobs/.
 */
export interface PortfolioWork {
  /** Read a portfolio's file into rows and start runs of its new products. */
  ingest(portfolioId: number): Promise<void>;
  /** Queue every chunk of a run not committed yet. */
  runChunks(runId: number): Promise<void>;
  /** Place, on the worker, the rows of a monitored book SQL could not place (monitoring/book-rows.ts). */
  placeMonitoredRows(book: { portfolioId: number; product: string }): Promise<void>;
}

/** What the portfolio commands and queries need besides the actor. */
export interface PortfolioDeps {
  db: Db;
  blobs: BlobStore;
  work: PortfolioWork;
  /** Only its model information is used by the API (a rerun records the model version it runs). */
  scorer: PortfolioScorer;
  maxUploadBytes: number;
  chunkSize: number;
  /** Per-organisation bounds on stored uploads (issue 12). */
  uploadLimits: UploadLimits;
  /** How long a switch-on waits for a world change being applied (default 15 s; tests shorten it). */
  applierWaitMs?: number;
}

/**
 * Stands in until the risk models are plugged in (domain/risk): runs can be queued, and the
 * worker refuses to score with a clear error instead of inventing numbers.
 */
export const unconfiguredScorer: PortfolioScorer = {
  modelInfo: () => ({ modelVersion: 'unconfigured', dataDate: '1970-01-01' }),
  async scoreRows() {
    throw new Error(
      'No portfolio scorer is configured: pass the risk models to createPortfolioServices / startPortfolioWorker.',
    );
  },
};
