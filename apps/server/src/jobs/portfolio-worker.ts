import path from 'node:path';
import pg from 'pg';
import type { ServerConfig } from '../config.js';
import { backgroundSessionOptions, lowerBackendPriority, type Db } from '../db/database.js';
import { riskModelScorer } from '../domain/portfolio/pipeline/risk-scorer.js';
import { createPortfolioServices } from '../portfolio-services.js';
import { worldGeocoder } from '../domain/portfolio/pipeline/world-geocoder.js';
import { startPortfolioWorker } from './portfolio-jobs.js';
import { startAppealExpiryWorker } from './appeal-jobs.js';
import { startMonitoringWorker } from './monitoring-jobs.js';
import { startNotificationWorker } from './notification-jobs.js';
import { seedMonitoredDemo } from './monitoring-demo.js';
import { portfolioDeps } from '../portfolio-services.js';
import { startUploadCleanup } from './upload-cleanup-jobs.js';
import { startUsageFold } from './usage-fold.js';

/** A running production worker: its stop is awaited before the caller destroys the Db. */
export interface ProductionWorker {
  /** Stops the usage fold (its fold in flight ends first), then the queue (see JobQueue.stop). */
  stop(options?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
}

/**
 * The production portfolio worker (real geocoder and risk models) on this database: what the
 * worker process runs (portfolio-worker-process.ts), and what PORTFOLIO_WORKER=inline runs in
 * the API process. Returns its stop.
 */
export async function startProductionPortfolioWorker(
  config: ServerConfig,
  db: Db,
  databaseUrl: string,
  /** The worker process's niceness: its file readers' backends run at it too (ops/priority.ts). */
  niceness = 0,
): Promise<ProductionWorker> {
  const services = createPortfolioServices({ config, db }, { scorer: riskModelScorer(db) });
  await startPortfolioWorker(
    {
      db,
      blobs: services.blobs,
      queue: services.queue,
      scorer: services.scorer,
      geocoder: worldGeocoder(db),
      chunkSize: services.chunkSize,
      connect: async () => {
        const client = new pg.Client({ connectionString: databaseUrl, options: backgroundSessionOptions() });
        // A database stop while the file is read fails the read (retried), never the process.
        client.on('error', () => {});
        await client.connect();
        lowerBackendPriority(client, niceness);
        return client;
      },
    },
    { chunkConcurrency: config.portfolio.workerConcurrency },
  );
  // The usage ledger's new rows go into the billing rollup here, not in the lookups' commits (issue 46).
  const stopFold = startUsageFold(db);
  // Appeals past their deadline expire on the same queue (issue 16).
  // Their deadline reminders go through the notification channel (notify(), mailed by its digest).
  await startAppealExpiryWorker(db, services.queue);
  // Monitored portfolios follow world changes on the same queue (issue 41).
  await startMonitoringWorker(db, services.queue);
  await startNotificationWorker(db, services.queue, {
    mail: {
      ...(config.identity.smtpUrl ? { smtpUrl: config.identity.smtpUrl } : {}),
      from: config.identity.mailFrom,
      appUrl: config.publicUrl,
    },
  });
  // The monitored demo book with a few months of history (issue 41), beside the work, once.
  if (process.env.SEED_DEMO ? process.env.SEED_DEMO === 'true' : config.runtime.ENV !== 'production')
    void seedMonitoredDemo(portfolioDeps(db, services)).catch((error: unknown) =>
      console.error('The monitored demo book could not be seeded:', error),
    );
  await startUploadCleanup(
    services.queue,
    { db, blobs: services.blobs, blobRoot: path.join(config.dataDir, 'blobs') },
    { orphanHours: config.portfolio.orphanHours },
  );
  return {
    async stop(options) {
      await stopFold();
      await services.queue.stop(options);
    },
  };
}
