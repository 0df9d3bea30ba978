import { jobStateChangeSchema } from '@zview/contracts';
import { api } from '../../../api/client';

/** POST /api/caribou/jobs/{id}/suspend */
export function suspendJob(id: number) {
  return api.post(`/api/caribou/jobs/${id}/suspend`, undefined, { schema: jobStateChangeSchema });
}
