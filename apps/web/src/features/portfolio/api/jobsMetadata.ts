import { jobsMetadataSchema, type JobsMetadata } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** GET /api/caribou/jobs/metadata: the filters and the count of jobs in each state. */
export function fetchJobsMetadata(signal?: AbortSignal): Promise<JobsMetadata> {
  return api.get(apiPath('/caribou/jobs/metadata'), { schema: jobsMetadataSchema, signal });
}
