import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { seedDefaultWorld } from './world/default.js';

/**
 * One process: PostgreSQL (embedded unless DATABASE_URL is set), migrations, sample data, and
 * the HTTP server. Ctrl-C closes the server and then stops PostgreSQL cleanly.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config, { log: (line) => process.stdout.write(line) });
  await seedDefaultWorld(database.url);
  const app = await buildApp({ config, db: database.db }, { logger: true });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close().catch(() => {});
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`\nZ-VIEW ${'4.10.1'} is running at ${config.publicUrl}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
