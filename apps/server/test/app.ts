import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { useTestDatabase } from './database.js';

/** Builds the real application on this test file's own database; requests go through app.inject. */
export async function useTestApp(env: NodeJS.ProcessEnv = {}): Promise<{ app: FastifyInstance } & Awaited<ReturnType<typeof useTestDatabase>>> {
  const database = await useTestDatabase();
  const config = loadConfig({ PORT: '0', DATABASE_URL: database.url, ...env });
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  afterAll(() => app.close());
  return { app, ...database };
}
