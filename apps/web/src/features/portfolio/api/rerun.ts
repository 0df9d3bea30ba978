import { portfolioRerunResultSchema } from '@zview/contracts';
import { api } from '../../../api/client';
import { productPath } from './keys';

/** PUT …/product/{p}/rerun_portfolio: scores the product again (a new run). */
export function rerunProduct(id: number, product: string) {
  return api.put(`${productPath(id, product)}/rerun_portfolio`, undefined, { schema: portfolioRerunResultSchema });
}
