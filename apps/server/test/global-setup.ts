import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/database.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { migrateToLatest } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    templateDatabase: string;
  }
}

/**
 * Starts one PostgreSQL for the whole run (embedded in a temporary directory, or the server at
 * DATABASE_URL), migrates a template database once, and hands its name to the test files, which
 * each clone their own database from it (CREATE DATABASE … TEMPLATE) for isolation.
 */
export default async function setup(project: TestProject) {
  // Migrations are loaded by file name at run time; this process needs tsx to import them.
  register();
  let serverUrl = process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;
  if (!serverUrl) {
    tempDir = mkdtempSync(path.join(os.tmpdir(), 'zview-test-pg-'));
    // The embedded server runs as the postgres user when we are root: let it into the folder.
    rmSync(tempDir, { recursive: true, force: true });
    const embedded = await startEmbeddedPostgres({ dataDir: tempDir, port: 0 });
    serverUrl = embedded.url;
    stop = embedded.stop;
  }
  const templateDatabase = `zview_template_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateDatabase}`);
  const templateUrl = withDatabase(serverUrl, templateDatabase);
  const { db } = createDb(templateUrl, 2);
  await migrateToLatest(db);
  await db.destroy();

  project.provide('databaseUrl', serverUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase} WITH (FORCE)`).catch(() => {});
    await admin.end();
    if (stop) await stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
