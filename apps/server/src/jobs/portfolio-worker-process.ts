/**
 * The portfolio worker as a process of its own: bulk geocoding and scoring never share an event
 * loop with the API, so single-property lookups stay fast while a million rows are processed.
 * main.ts forks it (see worker-supervisor.ts); it can also be run directly on any machine that
 * reaches the database: `DATABASE_URL=… tsx apps/server/src/jobs/portfolio-worker-process.ts`.
 */
import { loadConfig } from '../config.js';
import { createDb, asBackgroundDb } from '../db/database.js';
import { exitWhenAsked } from '../processes/child-processes.js';
import { startProductionPortfolioWorker } from './portfolio-worker.js';
import { getProcessLogger } from '../ops/logger.js';
import { backgroundNiceness, idlePolicyThisProcess, niceThisProcess } from '../ops/priority.js';

// See main.ts: an unawaited rejection (a query cut by a database stop) is logged, not fatal.
process.on('unhandledRejection', (error) => getProcessLogger().error({ err: error }, 'unhandled rejection'));

const config = loadConfig();
if (!config.databaseUrl) throw new Error('The portfolio worker needs DATABASE_URL.');
// Bulk work yields the cores to the API (issue 46): every thread this process has now (the
// supervisor's renice reaches only the main thread, and V8's helper threads may already run),
// the threads it starts later (they inherit it) and its database backends when the database is
// this machine's own.
const niceness = backgroundNiceness();
niceThisProcess(niceness);
void idlePolicyThisProcess();
const db = asBackgroundDb(createDb(config.databaseUrl, 8).db, niceness);
const worker = await startProductionPortfolioWorker(config, db, config.databaseUrl, niceness);

// Forked by the API process: when it goes away (even killed), so does this worker.
exitWhenAsked(async () => {
  // Running chunks may finish (bounded); the rest expire and are taken by another worker.
  await worker.stop({ graceful: true, timeoutMs: 8_000 });
  await db.destroy();
});
process.send?.({ ready: true });
