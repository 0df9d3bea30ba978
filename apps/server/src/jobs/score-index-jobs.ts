import { z } from 'zod';
import type { Db } from '../db/database.js';
import { buildScoreIndexStep } from '../domain/portfolio/score-index.js';
import { defineJob, type JobQueue } from './queue.js';

/**
 * Fills the score index (domain/portfolio/score-index.ts) in the background: each job works for
 * about a minute (resumable: a build's cursor is committed with every page), then queues the
 * next step until every build of the current world and model versions is complete.
 */
export const scoreIndexBuildJob = defineJob({
  id: 'score-index-build',
  version: 1,
  schema: z.object({}),
  expireInSeconds: 5 * 60,
  retryLimit: 50,
  retryDelaySeconds: 10,
});

const STEP_MS = 60_000;

export async function startScoreIndexWorker(db: Db, queue: JobQueue) {
  await queue.work(scoreIndexBuildJob, async () => {
    const done = await buildScoreIndexStep(db, { budgetMs: STEP_MS });
    if (!done) await queue.send(scoreIndexBuildJob, [{}]);
  });
  // A worker starting (after a world load or a new model version) checks the index, and so does
  // every worker now and then (an import into a running system changes the world revision).
  await queue.send(scoreIndexBuildJob, [{}]);
  setInterval(() => void queue.send(scoreIndexBuildJob, [{}]).catch(() => {}), RECHECK_MS).unref();
}

const RECHECK_MS = 10 * 60_000;
