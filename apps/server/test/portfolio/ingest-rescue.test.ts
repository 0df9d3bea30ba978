import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { portfolioIngestJob, rescueStalledIngests } from '../../src/jobs/portfolio-jobs.js';
import { JobQueue, queueName } from '../../src/jobs/queue.js';
import { useTestDatabase } from '../database.js';

/**
 * An ingest whose worker died (its connection, and the portfolio lock it held, gone) is handed
 * back to the queue after 30 s instead of its 15-minute expiry; one whose worker is alive and
 * holding the lock is left alone, however long it takes.
 */
const { db, url } = await useTestDatabase();
const queue = new JobQueue(db);
afterAll(() => queue.stop());

async function activeIngest(portfolioId: number, startedSecondsAgo: number): Promise<string> {
  await queue.send(portfolioIngestJob, [{ portfolioId }]);
  const row = await sql<{ id: string }>`
    UPDATE pgboss.job SET state = 'active', started_on = now() - make_interval(secs => ${startedSecondsAgo})
    WHERE name = ${queueName(portfolioIngestJob)} AND (data->>'portfolioId')::int = ${portfolioId}
    RETURNING id::text AS id`.execute(db);
  return row.rows[0]!.id;
}
const stateOf = async (id: string) =>
  (await sql<{ state: string }>`SELECT state::text AS state FROM pgboss.job WHERE id = ${id}::uuid`.execute(db)).rows[0]
    ?.state;

describe('stalled ingests', () => {
  it('retries an ingest whose worker is gone, and leaves a live or recent one alone', async () => {
    const dead = await activeIngest(101, 60);
    const live = await activeIngest(102, 60);
    const recent = await activeIngest(103, 5);
    const worker = new pg.Client({ connectionString: url });
    await worker.connect();
    await worker.query('SELECT pg_advisory_lock(hashtext($1), $2)', ['portfolio-ingest', 102]);
    try {
      expect(await rescueStalledIngests({ db, queue })).toBe(1);
      expect(await stateOf(dead)).toBe('retry');
      expect(await stateOf(live)).toBe('active');
      expect(await stateOf(recent)).toBe('active');
    } finally {
      await worker.end();
    }
    // The live worker dies: its lock goes with its connection, and the job is handed back.
    expect(await rescueStalledIngests({ db, queue })).toBe(1);
    expect(await stateOf(live)).toBe('retry');
  });
});
