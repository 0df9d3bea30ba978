import { jobStateChangeSchema } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** POST /api/caribou/jobs/{id}/resume */
export function resumeJob(id: number) {
  return api.post(apiPath('/caribou/jobs/{id}/resume', { id }), undefined, { schema: jobStateChangeSchema });
}
