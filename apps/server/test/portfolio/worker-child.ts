/**
 * A portfolio worker in its own process, for the crash test: started with tsx, killed with
 * SIGKILL mid-run. Uses the test fakes; DATABASE_URL, DATA_DIR, CHUNK_SIZE and DELAY_MS from env.
 */
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../../src/db/database.js';
import { startPortfolioWorker } from '../../src/jobs/portfolio-jobs.js';
import { JobQueue } from '../../src/jobs/queue.js';
import { LocalBlobStore } from '../../src/storage/blob-store.js';
import { fakeGeocoder, fakeScorer } from './fakes.js';

const url = process.env.DATABASE_URL!;
const { db } = createDb(url, 4);
const queue = new JobQueue(db, { maintenanceIntervalSeconds: 2, pollingIntervalSeconds: 0.5 });
await startPortfolioWorker(
  {
    db,
    queue,
    blobs: new LocalBlobStore(path.join(process.env.DATA_DIR!, 'blobs')),
    connect: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    },
    scorer: fakeScorer({ delayMs: Number(process.env.DELAY_MS ?? 0) }),
    geocoder: fakeGeocoder(),
    chunkSize: Number(process.env.CHUNK_SIZE ?? 10_000),
  },
  { chunkConcurrency: 2 },
);
process.stdout.write('worker ready\n');
