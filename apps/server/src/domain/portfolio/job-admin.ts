import type { Db } from '../../db/database.js';
import { completedRunExists, jobsPage, jobStateCounts, setIngestSuspended, type JobType } from '../../db/jobs.js';
import { conflict, notFound } from '../app-error.js';
import { setRunSuspended } from './pipeline/runs.js';
import type { PortfolioWork } from './services.js';

/**
 * Internal admins' view of background work across organisations: one job per portfolio file read
 * and one per scoring run. Suspending a run stops its remaining chunks, resuming queues them
 * again; suspending a read stops it where it is (rolled back), resuming reads the file again.
 */
export const JOB_FILTERS = ['all', 'queued', 'running', 'suspended', 'complete'] as const;

export function listJobs(
  db: Db,
  q: { filter: (typeof JOB_FILTERS)[number]; organization?: number; page: number; itemsPerPage: number },
) {
  return jobsPage(
    db,
    { state: q.filter, organizationId: q.organization },
    { limit: q.itemsPerPage, offset: (q.page - 1) * q.itemsPerPage },
  );
}

export async function jobCounts(db: Db) {
  return { queued: 0, running: 0, suspended: 0, complete: 0, ...(await jobStateCounts(db)) };
}

const FINISHED = 'This job has already finished, so it cannot be suspended.';
/**
 * The analysis is not suspended: it is a few idempotent builds the worker runs once when the run
 * completes, and a dashboard request would build whatever it lacks anyway, so stopping it would
 * only move the work into someone's wait.
 */
export const ANALYSIS_NOT_SUSPENDABLE =
  'The analysis of a run cannot be suspended or resumed: it is built once when the run finishes, and the dashboard would build it anyway.';

export async function suspendJob(db: Db, id: number, type: JobType = 'portfolio-run') {
  if (type === 'portfolio-analysis') return refuseAnalysisChange(db, id);
  if (type === 'portfolio-ingest') {
    const read = await setIngestSuspended(db, id, true);
    if (!read) throw notFound('This job was not found.');
    if (read.completed) throw conflict(FINISHED);
    return 'suspended' as const;
  }
  const run = await setRunSuspended(db, id, true);
  if (!run) throw notFound('This job was not found.');
  if (run.completed) {
    await setRunSuspended(db, id, false);
    throw conflict(FINISHED);
  }
  return 'suspended' as const;
}

export async function resumeJob(db: Db, work: PortfolioWork, id: number, type: JobType = 'portfolio-run') {
  if (type === 'portfolio-analysis') return refuseAnalysisChange(db, id);
  if (type === 'portfolio-ingest') {
    const read = await setIngestSuspended(db, id, false);
    if (!read) throw notFound('This job was not found.');
    // The read starts the file over (it was rolled back), then starts the portfolio's runs.
    if (!read.completed) await work.ingest(id);
    return read.completed ? ('complete' as const) : ('queued' as const);
  }
  const run = await setRunSuspended(db, id, false);
  if (!run) throw notFound('This job was not found.');
  if (!run.completed) await work.runChunks(id);
  return run.completed ? ('complete' as const) : ('queued' as const);
}

/** 404 for a run that is not there (as the other types), else 409 with the reason. */
async function refuseAnalysisChange(db: Db, runId: number): Promise<never> {
  if (!(await completedRunExists(db, runId))) throw notFound('This job was not found.');
  throw conflict(ANALYSIS_NOT_SUSPENDABLE);
}
