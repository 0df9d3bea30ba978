import { jobStateChangeSchema } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** POST /api/caribou/jobs/{id}/suspend */
export function suspendJob(id: number) {
  return api.post(apiPath('/caribou/jobs/{id}/suspend', { id }), undefined, { schema: jobStateChangeSchema });
}
