import { portfolioPatchResultSchema } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** PATCH /api/caribou/portfolio/{id}: renames a portfolio. */
export function renamePortfolio(id: number, name: string) {
  return api.patch(apiPath('/caribou/portfolio/{id}', { id }), { name }, { schema: portfolioPatchResultSchema });
}
