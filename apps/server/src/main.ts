import { buildApp } from './app.js';
import { riskModelScorer } from './domain/portfolio/risk-scorer.js';
import { createPortfolioServices } from './domain/portfolio/services.js';
import { startProductionPortfolioWorker } from './jobs/portfolio-worker.js';
import { superviseWorkerProcess } from './jobs/worker-supervisor.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { seedDefaultWorld } from './world/default.js';
import { seedDemoIdentity } from './auth/seed.js';
import { worldImagerySources } from './domain/property/imagery-sources.js';

/**
 * One process: PostgreSQL (embedded unless DATABASE_URL is set), migrations, sample data, and
 * the HTTP server. Ctrl-C closes the server and then stops PostgreSQL cleanly.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config, { log: (line) => process.stdout.write(line) });
  await seedDefaultWorld(database.url);
  // Demo organisations and accounts: on by default except in production (SEED_DEMO=true|false decides).
  const seedDemo = process.env.SEED_DEMO ? process.env.SEED_DEMO === 'true' : config.runtime.ENV !== 'production';
  const demoAccounts = config.identity.embedded && seedDemo ? await seedDemoIdentity(database.db, config) : [];
  // Portfolios: uploads in DATA_DIR/blobs, jobs on pg-boss, scored by the risk models. The queue is
  // worked by a worker process forked from this one (bulk work never blocks the API's event loop);
  // PORTFOLIO_WORKER=inline works it here, =off leaves it to separately started workers.
  const portfolio = createPortfolioServices({ config, db: database.db }, { scorer: riskModelScorer(database.db) });
  const app = await buildApp({ config, db: database.db, imagery: worldImagerySources(database.db), portfolio }, { logger: true });
  const worker =
    config.portfolio.worker === 'process'
      ? superviseWorkerProcess({ databaseUrl: database.url })
      : config.portfolio.worker === 'inline'
        ? await startProductionPortfolioWorker(config, database.db, database.url)
        : null;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close().catch(() => {});
    await worker?.stop().catch(() => {});
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`\nZ-VIEW ${'4.10.1'} is running at ${config.publicUrl}\n`);
  if (demoAccounts.length) console.log(`${demoAccounts.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
