import { jobStateChangeSchema, type JobType } from '@zview/contracts';
import { api } from '../../../api/client';

/** POST /api/caribou/jobs/{id}/resume (a file read names its portfolio: ?type=portfolio-ingest) */
export function resumeJob(id: number, type: JobType = 'portfolio-run') {
  return api.post(`/api/caribou/jobs/${id}/resume?type=${type}`, undefined, { schema: jobStateChangeSchema });
}
