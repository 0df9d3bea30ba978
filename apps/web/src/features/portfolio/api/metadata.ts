import { portfolioMetadataSchema, type PortfolioMetadata } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** GET /api/caribou/portfolio/{id}/metadata: a portfolio with its products and their runs. */
export function fetchPortfolioMetadata(id: number, signal?: AbortSignal): Promise<PortfolioMetadata> {
  return api.get(apiPath('/caribou/portfolio/{id}/metadata', { id }), { schema: portfolioMetadataSchema, signal });
}
