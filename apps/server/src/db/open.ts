import path from 'node:path';
import type { ServerConfig } from '../config.js';
import { createDb, type Db } from './database.js';
import { startEmbeddedPostgres } from './embedded.js';
import { migrateToLatest } from './migrate.js';

export interface OpenDatabase {
  db: Db;
  url: string;
  close(): Promise<void>;
}

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL under dataDir/pg, then migrates. */
export async function openDatabase(
  config: ServerConfig,
  options: { log?: (line: string) => void } = {},
): Promise<OpenDatabase> {
  const log = options.log ?? (() => {});
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    log(`Starting embedded PostgreSQL (data in ${path.join(config.dataDir, 'pg')})\n`);
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, 'pg') });
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const { db } = createDb(url, 20);
  const applied = await migrateToLatest(db);
  if (applied.length) log(`Applied migrations: ${applied.join(', ')}\n`);
  return {
    db,
    url,
    async close() {
      await db.destroy().catch(() => {});
      if (stopEmbedded) await stopEmbedded();
    },
  };
}
