import type { Job, JobFilter, JobState } from '@zview/contracts';
import { productName } from './model';

/** How the processing-jobs panel names jobs, their work and their states. */
export const JOB_FILTERS: { value: JobFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'running', label: 'Running' },
  { value: 'queued', label: 'Queued' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'complete', label: 'Complete' },
];
export const STATE_LABELS: Record<JobState, string> = {
  queued: 'Queued',
  running: 'Running',
  suspended: 'Suspended',
  complete: 'Complete',
};
export const STATE_COLORS: Record<JobState, 'default' | 'info' | 'warning' | 'success'> = {
  queued: 'default',
  running: 'info',
  suspended: 'warning',
  complete: 'success',
};

/** A job as the panel names it: a run by its id, a file read by its portfolio's, an analysis by its run's. */
export function jobName(job: Job) {
  if (job.type === 'portfolio-ingest') return `Read ${job.portfolioId}`;
  if (job.type === 'portfolio-analysis') return `Analysis ${job.id}`;
  return `Job ${job.id}`;
}

/** What the job does: reading the file, scoring a product, or analysing its scored book. */
export function jobWork(job: Job) {
  if (job.type === 'portfolio-ingest') return 'Reading the file';
  if (job.type === 'portfolio-analysis') return `Book analysis of ${productName(job.product)}`;
  return `Scoring ${productName(job.product)}`;
}

/** Where the job's portfolio opens: its results for a run, its book analysis for an analysis. */
export function jobLink(job: Job) {
  if (job.type === 'portfolio-ingest') return `/zportfolio/results?id=${job.portfolioId}`;
  const product = `/zportfolio/results?id=${job.portfolioId}&product=${job.product}`;
  return job.type === 'portfolio-analysis' ? `${product}&tab=analysis` : product;
}

/** Why an analysis has no Suspend button (the server answers 409 for the same reason). */
export const ANALYSIS_NOT_SUSPENDABLE =
  'Built once when its run finishes (a few minutes at most); the dashboard would build it anyway, so it is not suspended.';

/** The progress bar's figures: complete is 100 %, else the share of chunks (or parts) done. */
export function jobProgress(job: Job) {
  const { committed, total } = job.progress;
  const percent = job.state === 'complete' ? 100 : total ? Math.floor((committed / total) * 100) : 0;
  return { committed, total, percent };
}
