import type { Db } from '../../db/database.js';
import { jobsPage, jobStateCounts } from '../../db/jobs.js';
import { conflict, notFound } from '../app-error.js';
import { setRunSuspended } from './pipeline/runs.js';
import type { PortfolioWork } from './services.js';

/**
 * Internal admins' view of background work: one job per portfolio scoring run, across
 * organisations. Suspending stops its remaining chunks; resuming queues them again.
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

export async function suspendJob(db: Db, id: number) {
  const run = await setRunSuspended(db, id, true);
  if (!run) throw notFound('This job was not found.');
  if (run.completed) {
    await setRunSuspended(db, id, false);
    throw conflict('This job has already finished, so it cannot be suspended.');
  }
  return 'suspended' as const;
}

export async function resumeJob(db: Db, work: PortfolioWork, id: number) {
  const run = await setRunSuspended(db, id, false);
  if (!run) throw notFound('This job was not found.');
  if (!run.completed) await work.runChunks(id);
  return run.completed ? ('complete' as const) : ('queued' as const);
}
