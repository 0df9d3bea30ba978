import { z } from 'zod';
import type { Db } from '../db/database.js';
import { findChunkRun } from '../db/portfolio-runs.js';
import { isRunGone, prepareAnalysis } from '../domain/portfolio/accumulation/analysis.js';
import { defineJob, type JobQueue } from './queue.js';

/**
 * Portfolio analysis (issue 43): when a run completes, the worker builds what its dashboard,
 * aggregates and rings read (the portfolio's exposure, the run's aggregates and top rings), so
 * the first view reads them instead of paying minutes of build on a million-row book inside a
 * request. Idempotent: each build is locked and skipped once done, so a job queued twice (two
 * last chunks seeing the run complete) or a request arriving first costs nothing more.
 */
export const portfolioAnalysisJob = defineJob({
  id: 'portfolio-analysis',
  version: 1,
  schema: z.object({ runId: z.number().int().positive() }),
  // A million-row book's exposure and aggregates take minutes on a loaded machine.
  expireInSeconds: 30 * 60,
  retryLimit: 3,
  retryDelaySeconds: 10,
});

/** Queues the analysis of a run once it has completed (called after each of its chunks commits). */
export async function queueAnalysisIfComplete(db: Db, queue: JobQueue, runId: number): Promise<void> {
  const run = await findChunkRun(db, runId);
  if (run?.completed_at) await queue.send(portfolioAnalysisJob, [{ runId }]);
}

/**
 * The job's work: the run's analysis, or nothing when the run is gone (deleted with its product or
 * portfolio before or while it was built: the build then gives up without an error or a retry).
 */
export async function analyseRun(db: Db, runId: number): Promise<'built' | 'gone'> {
  const run = await findChunkRun(db, runId);
  // A run deleted with its portfolio since, or not complete (never queued so): nothing to build.
  if (!run?.completed_at) return 'gone';
  try {
    await prepareAnalysis(db, run.portfolio_id, runId);
    return 'built';
  } catch (error) {
    if (isRunGone(error)) return 'gone';
    throw error;
  }
}

export async function startPortfolioAnalysisWorker(db: Db, queue: JobQueue) {
  await queue.work(portfolioAnalysisJob, async ({ runId }) => {
    await analyseRun(db, runId);
  });
}
