import { portfolioPropertyDetailSchema, type PortfolioPropertyDetail } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** GET /api/caribou/portfolio/{batch}/property/{row}/{product}: one row's result in full. */
export function fetchPortfolioProperty(
  batch: number,
  property: number,
  product: string,
  signal?: AbortSignal,
): Promise<PortfolioPropertyDetail> {
  return api.get(apiPath('/caribou/portfolio/{batch}/property/{property}/{product}', { batch, property, product }), {
    schema: portfolioPropertyDetailSchema,
    signal,
  });
}
