import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import { afterAll, describe, expect, it } from 'vitest';
import { isOutcomeReport } from '../src/jobs/queue.js';
import { useTestDatabase } from './database.js';

/**
 * jobs/queue.ts recognises the statements pg-boss sends to record a job's outcome by their text
 * (from pg-boss's internal plans.js), to retry them through a database outage. This runs a real
 * pg-boss worker, records every statement it sends, and checks that what it sent after a handler
 * succeeded and after one failed is recognised: a pg-boss version that reports outcomes in another
 * text fails here instead of losing the retry in production (issue 44 item 7).
 */
const { db } = await useTestDatabase();
const sent: string[] = [];
const boss = new PgBoss({
  db: {
    executeSql: async (text: string, values: unknown[] = []) => {
      sent.push(text);
      if (!/^\s*BEGIN/i.test(text)) return { rows: (await db.executeQuery(CompiledQuery.raw(text, values))).rows };
      return db.connection().execute(async (connection) => ({
        rows: (await connection.executeQuery(CompiledQuery.raw(text, values))).rows,
      }));
    },
  },
  schedule: false,
  supervise: false,
} as PgBoss.ConstructorOptions);
afterAll(() => boss.stop({ graceful: false, wait: true }));

async function sentDuring(work: () => Promise<void>): Promise<string[]> {
  const from = sent.length;
  await work();
  return sent.slice(from);
}

async function until(done: () => Promise<boolean>) {
  const deadline = Date.now() + 20_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("pg-boss's outcome statements", () => {
  it('are the texts jobs/queue.ts recognises, after a handler succeeds and after one fails', async () => {
    await boss.start();
    await boss.createQueue('outcome-match', { name: 'outcome-match', retryLimit: 0 });
    const statements = await sentDuring(async () => {
      const ok = await boss.send('outcome-match', { fail: false });
      const bad = await boss.send('outcome-match', { fail: true });
      await boss.work<{ fail: boolean }>(
        'outcome-match',
        { pollingIntervalSeconds: 0.5, batchSize: 1 },
        async ([job]) => {
          if (job?.data.fail) throw new Error('the handler failed');
        },
      );
      await until(async () => (await boss.getJobById('outcome-match', ok!))?.state === 'completed');
      await until(async () => (await boss.getJobById('outcome-match', bad!))?.state === 'failed');
    });
    const recognised = statements.filter(isOutcomeReport);
    // One completion and one failure, each recognised (the two statements differ).
    expect(new Set(recognised).size).toBe(2);
    expect(isOutcomeReport('SELECT 1')).toBe(false);
  }, 60_000);
});
