import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { createDb, type Db } from '../src/db/database.js';
import { withDatabase } from './global-setup.js';

/**
 * Gives the calling test file its own database, cloned from the migrated template, and drops it
 * after the file's tests. Tests talk to real PostgreSQL; nothing of ours is mocked.
 */
export async function useTestDatabase(): Promise<{ db: Db; url: string }> {
  const serverUrl = inject('databaseUrl');
  const template = inject('templateDatabase');
  const name = `zview_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = withDatabase(serverUrl, name);
  const { db } = createDb(url, 5);
  afterAll(async () => {
    await db.destroy();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  return { db, url };
}
