import { jobsPageSchema, type JobFilter, type JobsPage } from '@zview/contracts';
import { api } from '../../../api/client';

/** GET /api/caribou/jobs: a page of the organisation's portfolio jobs. */
export function fetchJobs(
  filter: JobFilter,
  page: number,
  itemsPerPage: number,
  signal?: AbortSignal,
): Promise<JobsPage> {
  return api.get('/api/caribou/jobs', { query: { filter, page, itemsPerPage }, schema: jobsPageSchema, signal });
}
