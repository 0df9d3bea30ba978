import { z } from 'zod';
import type { Db } from '../db/database.js';
import {
  buildScoreIndexPart,
  planScoreIndexBuild,
  type ParallelBuildOptions,
} from '../domain/portfolio/pipeline/score-index-build.js';
import { defineJob, type JobQueue } from './queue.js';

/**
 * Fills the score index (domain/portfolio/pipeline/score-index.ts) across every worker process: the
 * build job plans key ranges of properties (domain/portfolio/pipeline/score-index-build.ts) and queues one
 * part job per range; any worker takes parts, one at a time each, so the build scales with the
 * workers. The part that finds every part done completes the builds. A worker killed mid-part:
 * its job expires and is retried, and the part resumes from its cursor once its lease lapses.
 */
export const scoreIndexBuildJob = defineJob({
  id: 'score-index-build',
  version: 1,
  schema: z.object({}),
  expireInSeconds: 5 * 60,
  retryLimit: 50,
  retryDelaySeconds: 10,
});

export const scoreIndexPartJob = defineJob({
  id: 'score-index-part',
  version: 1,
  schema: z.object({ planId: z.number().int(), part: z.number().int() }),
  expireInSeconds: 3 * 60,
  // A part held by another worker is asked again (10 s apart) until it is done or its lease lapses.
  retryLimit: 60,
  retryDelaySeconds: 10,
});

/** Thrown when another worker holds the part: pg-boss retries the job later. */
export class PartHeldError extends Error {}

export async function planAndQueueScoreIndex(
  db: Db,
  queue: JobQueue,
  options: ParallelBuildOptions = {},
): Promise<void> {
  const plan = await planScoreIndexBuild(db, options);
  if (plan.state === 'planned')
    await queue.send(
      scoreIndexPartJob,
      plan.parts.map((part) => ({ planId: plan.planId, part })),
    );
}

export async function startScoreIndexWorker(db: Db, queue: JobQueue, options: ParallelBuildOptions = {}) {
  await queue.work(scoreIndexBuildJob, () => planAndQueueScoreIndex(db, queue, options));
  await queue.work(scoreIndexPartJob, async ({ planId, part }) => {
    const outcome = await buildScoreIndexPart(db, planId, part, options);
    if (outcome === 'held') throw new PartHeldError(`score-index part ${planId}/${part} is held by another worker`);
  });
  // A worker starting (after a world load or a new model version) checks the index, and so does
  // every worker now and then (an import into a running system changes the world revision).
  // The check also queues again the parts whose worker died (lease lapsed), so a build never
  // waits out a dead worker's job expiry: once a minute across the fleet (throttled by key).
  await queue.send(scoreIndexBuildJob, [{}]);
  setInterval(
    () => void queue.sendThrottled(scoreIndexBuildJob, {}, { seconds: RECHECK_S, key: 'recheck' }).catch(() => {}),
    RECHECK_S * 1000,
  ).unref();
}

const RECHECK_S = 60;
