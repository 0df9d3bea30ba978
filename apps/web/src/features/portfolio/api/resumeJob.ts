import { jobStateChangeSchema, type JobType } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** POST /api/caribou/jobs/{id}/resume (a file read names its portfolio: ?type=portfolio-ingest) */
export function resumeJob(id: number, type: JobType = 'portfolio-run') {
  return api.post(apiPath('/caribou/jobs/{id}/resume', { id }), undefined, {
    query: { type },
    schema: jobStateChangeSchema,
  });
}
