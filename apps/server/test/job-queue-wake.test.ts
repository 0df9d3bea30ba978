import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, JobQueue } from '../src/jobs/queue.js';
import { createDb } from '../src/db/database.js';
import { useTestDatabase } from './database.js';

/**
 * Jobs start at once, not after the idle workers' polling interval: those a process queues for its
 * own workers (a portfolio's chunks, queued by the worker that read the file, waited up to a
 * second), and those another process queues (the API queues a file's read for the worker process).
 */
const { db, url } = await useTestDatabase();
const queue = new JobQueue(db, { pollingIntervalSeconds: 20 });
// Another process's queue: no workers, it only sends (the API's).
const otherDb = createDb(url, 2).db;
const otherProcess = new JobQueue(otherDb, { pollingIntervalSeconds: 20 });
afterAll(async () => {
  await queue.stop();
  await otherProcess.stop();
  await otherDb.destroy();
});

const wakeJob = defineJob({
  id: 'wake-probe',
  version: 1,
  schema: z.object({ n: z.number() }),
  expireInSeconds: 60,
  retryLimit: 0,
  retryDelaySeconds: 1,
});

describe('job queue', () => {
  it("starts jobs queued by this process or another without waiting out the idle workers' polling interval", async () => {
    const started: number[] = [];
    await queue.work(wakeJob, async ({ n }) => void started.push(n), { concurrency: 2 });
    // Let the workers' first (empty) fetch pass: they now sleep for the polling interval.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = performance.now();
    await queue.send(wakeJob, [{ n: 1 }, { n: 2 }]);
    while (started.length < 2 && performance.now() - sent < 10_000) await new Promise((r) => setTimeout(r, 20));
    expect(started.sort()).toEqual([1, 2]);
    expect(performance.now() - sent).toBeLessThan(5_000);

    // Queued by another process: heard through the change feed.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sentElsewhere = performance.now();
    await otherProcess.send(wakeJob, [{ n: 3 }]);
    while (started.length < 3 && performance.now() - sentElsewhere < 10_000)
      await new Promise((r) => setTimeout(r, 20));
    expect(started.sort()).toEqual([1, 2, 3]);
    expect(performance.now() - sentElsewhere).toBeLessThan(5_000);
  });
});
