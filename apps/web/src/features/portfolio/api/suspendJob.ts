import { jobStateChangeSchema, type JobType } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** POST /api/caribou/jobs/{id}/suspend (a file read names its portfolio: ?type=portfolio-ingest) */
export function suspendJob(id: number, type: JobType = 'portfolio-run') {
  return api.post(apiPath('/caribou/jobs/{id}/suspend', { id }), undefined, {
    query: { type },
    schema: jobStateChangeSchema,
  });
}
