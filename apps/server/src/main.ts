import Fastify from 'fastify';
import { startProductionPortfolioWorker } from './jobs/portfolio-worker.js';
import { superviseWorkerProcess } from './jobs/worker-supervisor.js';
import { loadConfig, type ServerConfig } from './config.js';
import { apiPoolTimeouts, createDb, type Db } from './db/database.js';
import { openDatabase } from './db/open.js';
import { seedDefaultWorld } from './world/default.js';
import { seedDefaultFilings } from './world/filings/default.js';
import { seedDemoIdentity } from './auth/seed.js';
import { registerOpsRoutes } from './http/ops.js';
import { startApiCluster } from './processes/api-cluster.js';
import { apiPoolSize } from './processes/api-pool.js';
import { buildServerApp, listenWhenWarm } from './server-app.js';
import { gracefulShutdown } from './processes/shutdown.js';
import { getProcessLogger } from './ops/logger.js';

/**
 * `npm start`, and every process of a fleet. PostgreSQL (embedded unless DATABASE_URL is set),
 * migrations, then by ZVIEW_ROLE:
 *  - all (default): sample data, the HTTP server (or API_PROCESSES of them) and the portfolio worker;
 *  - server: sample data and HTTP only (workers run elsewhere);
 *  - worker: the queue only, with /healthz, /readyz and /metrics on PORT.
 * SIGTERM or Ctrl-C stops gracefully: no new connections, in-flight requests drained, running
 * jobs finished or handed back to the queue, the database closed last; a second signal, or
 * SHUTDOWN_TIMEOUT_MS (default 20 s), forces the exit.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config, { log: (line) => process.stdout.write(line) });
  const serves = config.role !== 'worker';
  const works = config.role !== 'server';
  let demoAccounts: string[] = [];
  if (serves) {
    await seedDefaultWorld(database.url);
    await seedDefaultFilings(database.url);
    // Demo organisations and accounts: on by default except in production (SEED_DEMO=true|false decides).
    const seedDemo = process.env.SEED_DEMO ? process.env.SEED_DEMO === 'true' : config.runtime.ENV !== 'production';
    demoAccounts = config.identity.embedded && seedDemo ? await seedDemoIdentity(database.db, config) : [];
  }
  // API_PROCESSES > 1: the API processes serve the port, each with its own pool, and this process
  // only prepares and supervises (it must not listen there itself: they could not).
  const servesHere = serves && config.apiProcesses === 1;
  // Requests get a pool of their own with connect and query timeouts: a stopped or frozen
  // database answers 503 within seconds instead of holding requests for its whole outage.
  const apiDb = servesHere ? createDb(database.url, apiPoolSize(config.apiProcesses), apiPoolTimeouts()).db : null;
  const worker = works ? await startWorker(config, database.db, database.url) : null;
  const cluster =
    serves && !servesHere ? startApiCluster({ count: config.apiProcesses, databaseUrl: database.url }) : null;
  // A worker alone serves its health and metrics on the port; an API process serves them with the API.
  const app = servesHere ? await buildServerApp(config, apiDb!) : serves ? null : await opsOnlyApp(config, database.db);

  gracefulShutdown({
    timeoutMs: Number(process.env.SHUTDOWN_TIMEOUT_MS) || 20_000,
    steps: [
      // Stop taking requests and let those in flight finish (Fastify's close drains them).
      () => app?.close(),
      () => cluster?.stop(),
      // Running chunks finish or go back to the queue (their jobs expire and are taken again).
      () => worker?.stop(),
      () => apiDb?.destroy(),
      () => database.close(),
    ],
  });

  // The API listens once its first requests' paths are warm; the ops-only app at once.
  const address = { port: config.port, host: config.host };
  if (app) await (servesHere ? listenWhenWarm(app, address) : app.listen(address));
  else await cluster!.ready;
  const processes = cluster ? ` (${config.apiProcesses} API processes)` : '';
  const what = serves
    ? `is running at ${config.publicUrl}${processes}`
    : `worker is running (health on port ${config.port})`;
  console.log(`\nZ-VIEW ${'4.10.1'} ${what}\n`);
  if (demoAccounts.length) console.log(`${demoAccounts.join('\n')}\n`);
}

/**
 * The portfolio queue's worker for this process: a forked worker process (bulk work never blocks
 * the API's event loop), in this process (PORTFOLIO_WORKER=inline, and always in the worker role),
 * or none (PORTFOLIO_WORKER=off: workers run elsewhere).
 */
async function startWorker(
  config: ServerConfig,
  db: Db,
  databaseUrl: string,
): Promise<{ stop(): Promise<void> } | null> {
  if (config.role === 'worker' || config.portfolio.worker === 'inline') {
    const worker = await startProductionPortfolioWorker(config, db, databaseUrl);
    return { stop: () => worker.stop({ graceful: true }) };
  }
  if (config.portfolio.worker === 'process') return superviseWorkerProcess({ databaseUrl });
  return null;
}

/** A worker serves only its health and metrics. */
async function opsOnlyApp(config: ServerConfig, db: Db) {
  const app = Fastify({ logger: false });
  app.decorate('ctx', { config, db });
  await registerOpsRoutes(app);
  return app;
}

// A rejected promise nobody awaited (a query cut by a database stop, in work that is retried
// anyway) is logged; it must not take the whole process, and its running jobs, down with it.
process.on('unhandledRejection', (error) => getProcessLogger().error({ err: error }, 'unhandled rejection'));

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
