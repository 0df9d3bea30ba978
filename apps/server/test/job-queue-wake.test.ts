import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, JobQueue } from '../src/jobs/queue.js';
import { useTestDatabase } from './database.js';

/**
 * Jobs a process queues for its own idle workers start at once, not after the workers' polling
 * interval (a portfolio's chunks, queued by the worker that read the file, waited up to a second).
 */
const { db } = await useTestDatabase();
const queue = new JobQueue(db, { pollingIntervalSeconds: 20 });
afterAll(() => queue.stop());

const wakeJob = defineJob({
  id: 'wake-probe',
  version: 1,
  schema: z.object({ n: z.number() }),
  expireInSeconds: 60,
  retryLimit: 0,
  retryDelaySeconds: 1,
});

describe('job queue', () => {
  it("starts a job this process queued without waiting out its idle workers' polling interval", async () => {
    const started: number[] = [];
    await queue.work(wakeJob, async ({ n }) => void started.push(n), { concurrency: 2 });
    // Let the workers' first (empty) fetch pass: they now sleep for the polling interval.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = performance.now();
    await queue.send(wakeJob, [{ n: 1 }, { n: 2 }]);
    while (started.length < 2 && performance.now() - sent < 10_000) await new Promise((r) => setTimeout(r, 20));
    expect(started.sort()).toEqual([1, 2]);
    expect(performance.now() - sent).toBeLessThan(5_000);
  });
});
