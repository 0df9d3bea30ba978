import { jobsPageSchema, type JobFilter, type JobsPage } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** GET /api/caribou/jobs: a page of the organisation's portfolio jobs. */
export function fetchJobs(
  filter: JobFilter,
  page: number,
  itemsPerPage: number,
  signal?: AbortSignal,
): Promise<JobsPage> {
  return api.get(apiPath('/caribou/jobs'), { query: { filter, page, itemsPerPage }, schema: jobsPageSchema, signal });
}
