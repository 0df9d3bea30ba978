import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export interface Readiness {
  ready: boolean;
  checks: { database: boolean; migrations: boolean; queue: boolean };
  detail?: string;
}

const migrationFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');
let knownMigrations: Promise<string[]> | null = null;

/** Migration names this build ships (read once). */
function shippedMigrations(): Promise<string[]> {
  knownMigrations ??= fs
    .readdir(migrationFolder)
    .then((files) =>
      files
        .filter((file) => /^\d{4}_.*\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'))
        .map((file) => file.replace(/\.(ts|js)$/, '')),
    );
  return knownMigrations;
}

/**
 * Whether this process can do its work: the database answers, every migration this build ships
 * has been applied (a new build against an old schema is not ready), and the job queue's schema is
 * there. A load balancer takes a process that is not ready out of rotation; /healthz only says
 * the process is alive.
 */
export async function checkReadiness(db: Db, timeoutMs = 1500): Promise<Readiness> {
  const checks = { database: false, migrations: false, queue: false };
  const work = (async () => {
    await sql`SELECT 1`.execute(db);
    checks.database = true;
    const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
    const appliedNames = new Set(applied.rows.map((row) => row.name));
    const missing = (await shippedMigrations()).filter((name) => !appliedNames.has(name));
    checks.migrations = missing.length === 0;
    const queue = await sql<{ ok: boolean }>`SELECT to_regclass('pgboss.job') IS NOT NULL AS ok`.execute(db);
    checks.queue = queue.rows[0]?.ok === true;
    return missing.length ? `migrations not applied: ${missing.join(', ')}` : undefined;
  })();
  const timeout = new Promise<string>((resolve) =>
    setTimeout(() => resolve('the database did not answer in time'), timeoutMs).unref(),
  );
  const detail = await Promise.race([work.catch((error: Error) => `database: ${error.message}`), timeout]);
  return { ready: checks.database && checks.migrations && checks.queue, checks, ...(detail ? { detail } : {}) };
}
