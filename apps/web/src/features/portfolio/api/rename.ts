import { portfolioPatchResultSchema } from '@zview/contracts';
import { api } from '../../../api/client';

/** PATCH /api/caribou/portfolio/{id}: renames a portfolio. */
export function renamePortfolio(id: number, name: string) {
  return api.patch(`/api/caribou/portfolio/${id}`, { name }, { schema: portfolioPatchResultSchema });
}
