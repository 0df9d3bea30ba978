import { portfolioRerunResultSchema } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** PUT …/product/{p}/rerun_portfolio: scores the product again (a new run). */
export function rerunProduct(id: number, product: string) {
  return api.put(apiPath('/caribou/portfolio/{id}/product/{p}/rerun_portfolio', { id, p: product }), undefined, {
    schema: portfolioRerunResultSchema,
  });
}
