import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { worldImagerySources } from '../src/domain/property/imagery-sources.js';
import { useTestDatabase } from './database.js';

/**
 * Builds the real application on this test file's own database (and its own data folder for
 * imagery caches and secrets); requests go through app.inject.
 */
export async function useTestApp(
  env: NodeJS.ProcessEnv = {},
): Promise<{ app: FastifyInstance } & Awaited<ReturnType<typeof useTestDatabase>>> {
  const database = await useTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zview-test-data-'));
  const config = loadConfig({ PORT: '0', DATABASE_URL: database.url, DATA_DIR: dataDir, ...env });
  const app = await buildApp({ config, db: database.db, imagery: worldImagerySources(database.db) });
  await app.ready();
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, ...database };
}
