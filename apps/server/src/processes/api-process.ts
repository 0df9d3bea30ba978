/**
 * One API process of several (API_PROCESSES > 1): main.ts prepares the database and forks these
 * with node:cluster; each serves the whole API on the shared port (the cluster hands out
 * connections). Nothing in a process's memory is needed by another: caches follow the database's
 * change notifications, identity flows live in PostgreSQL.
 */
import { loadConfig } from '../config.js';
import { apiPoolTimeouts, createDb } from '../db/database.js';
import { buildServerApp, listenWhenWarm } from '../server-app.js';
import { exitWhenAsked } from './child-processes.js';
import { profileOnRequest } from './profile-on-request.js';
import { apiPoolSize } from './api-pool.js';

profileOnRequest(process.env.API_CPU_PROFILE_DIR);
const config = loadConfig();
if (!config.databaseUrl) throw new Error('An API process needs DATABASE_URL.');
// Its share of one process's pool: the cluster deals the connections out among the processes.
const { db } = createDb(config.databaseUrl, apiPoolSize(config.apiProcesses), apiPoolTimeouts());
const app = await buildServerApp(config, db);

exitWhenAsked(async () => {
  await app.close().catch(() => {});
  await db.destroy();
});

await listenWhenWarm(app, { port: config.port, host: config.host });
process.send?.({ listening: true });
