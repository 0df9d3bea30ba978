import { startProductionPortfolioWorker } from './jobs/portfolio-worker.js';
import { superviseWorkerProcess } from './jobs/worker-supervisor.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { seedDefaultWorld } from './world/default.js';
import { seedDefaultFilings } from './world/filings/default.js';
import { seedDemoIdentity } from './auth/seed.js';
import { startApiCluster } from './processes/api-cluster.js';
import { buildServerApp } from './server-app.js';

/**
 * `npm start`: PostgreSQL (embedded unless DATABASE_URL is set), migrations, sample data, then the
 * HTTP server in this process, or in API_PROCESSES processes sharing the port. Ctrl-C closes the
 * server and then stops PostgreSQL cleanly.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config, { log: (line) => process.stdout.write(line) });
  await seedDefaultWorld(database.url);
  await seedDefaultFilings(database.url);
  // Demo organisations and accounts: on by default except in production (SEED_DEMO=true|false decides).
  const seedDemo = process.env.SEED_DEMO ? process.env.SEED_DEMO === 'true' : config.runtime.ENV !== 'production';
  const demoAccounts = config.identity.embedded && seedDemo ? await seedDemoIdentity(database.db, config) : [];
  // The portfolio queue is worked by a worker process forked from this one (bulk work never blocks
  // the API's event loop); PORTFOLIO_WORKER=inline works it here, =off leaves it to separately
  // started workers.
  const worker =
    config.portfolio.worker === 'process'
      ? superviseWorkerProcess({ databaseUrl: database.url })
      : config.portfolio.worker === 'inline'
        ? await startProductionPortfolioWorker(config, database.db, database.url)
        : null;
  const server = config.apiProcesses > 1 ? startApiCluster({ count: config.apiProcesses, databaseUrl: database.url }) : null;
  const app = server ? null : await buildServerApp(config, database.db);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    await app?.close().catch(() => {});
    await server?.stop().catch(() => {});
    await worker?.stop().catch(() => {});
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (app) await app.listen({ port: config.port, host: config.host });
  else await server!.ready;
  const processes = server ? ` (${config.apiProcesses} API processes)` : '';
  console.log(`\nZ-VIEW ${'4.10.1'} is running at ${config.publicUrl}${processes}\n`);
  if (demoAccounts.length) console.log(`${demoAccounts.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
