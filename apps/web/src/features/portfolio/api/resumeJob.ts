import { jobStateChangeSchema } from '@zview/contracts';
import { api } from '../../../api/client';

/** POST /api/caribou/jobs/{id}/resume */
export function resumeJob(id: number) {
  return api.post(`/api/caribou/jobs/${id}/resume`, undefined, { schema: jobStateChangeSchema });
}
