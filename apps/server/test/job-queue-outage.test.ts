import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDb, type Db } from '../src/db/database.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.js';
import { defineJob, JobQueue } from '../src/jobs/queue.js';

/**
 * A job whose handler fails because the database went away reports that failure to the database
 * that is away. pg-boss sends that report without awaiting it, so a rejected report was an
 * unhandled rejection in every worker of the fleet proof at each database stop (and would kill a
 * process that treats them as fatal, as Node does by default). The report is now tried again
 * until the database is back, and lands then.
 */
const temp = mkdtempSync(path.join(os.tmpdir(), 'zview-queue-outage-'));
const dataDir = path.join(temp, 'pg');
let database: EmbeddedDatabase;
let db: Db;

beforeAll(async () => {
  database = await startEmbeddedPostgres({ dataDir, port: 0 });
  db = createDb(database.url, 4, { connectMs: 1000 }).db;
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  await database?.stop();
  rmSync(temp, { recursive: true, force: true });
});

const outageJob = defineJob({
  id: 'outage-probe',
  version: 1,
  schema: z.object({}),
  expireInSeconds: 120,
  retryLimit: 1,
  retryDelaySeconds: 60,
});

describe('the job queue during a database outage', () => {
  it(
    'records the outcome of a job that failed because the database stopped once it is back, without an unhandled rejection',
    {
      timeout: 90_000,
    },
    async () => {
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      const queue = new JobQueue(db, {
        pollingIntervalSeconds: 0.5,
        maintenanceIntervalSeconds: 60,
        log: pino({ level: 'silent' }),
      });
      const port = Number(new URL(database.url).port);
      try {
        let handlerFailed: (error: unknown) => void = () => {};
        const failed = new Promise<unknown>((resolve) => (handlerFailed = resolve));
        await queue.work(outageJob, async () => {
          await database.stop();
          try {
            await sql`SELECT 1`.execute(db);
          } catch (error) {
            handlerFailed(error);
            throw error;
          }
        });
        await queue.send(outageJob, [{}]);
        await failed;
        // pg-boss now reports the failure while the database is still away (the connect timeout is 1 s).
        await new Promise((resolve) => setTimeout(resolve, 3000));
        expect(unhandled).toEqual([]);

        database = await startEmbeddedPostgres({ dataDir, port });
        // The report lands once the database is back: the job is no longer active but waits for its retry.
        let state = '';
        for (const started = Date.now(); Date.now() - started < 20_000;) {
          const { rows } = await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE name = 'outage-probe-v1'`
            .execute(db)
            .catch(() => ({ rows: [] as { state: string }[] }));
          state = rows[0]?.state ?? '';
          if (state === 'retry') break;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(state).toBe('retry');
        expect(unhandled).toEqual([]);
      } finally {
        await queue.stop();
        process.off('unhandledRejection', onUnhandled);
      }
    },
  );
});
