import { portfolioMapSourceSchema, type PortfolioMapSource } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** GET /api/caribou/portfolio/{id}/map: the signed vector-tile source of a product's results. */
export function fetchPortfolioMapSource(
  id: number,
  product: string,
  signal?: AbortSignal,
): Promise<PortfolioMapSource> {
  return api.get(apiPath('/caribou/portfolio/{id}/map', { id }), {
    query: { product },
    schema: portfolioMapSourceSchema,
    signal,
  });
}
