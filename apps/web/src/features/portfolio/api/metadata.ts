import { portfolioMetadataSchema, type PortfolioMetadata } from '@zview/contracts';
import { api } from '../../../api/client';

/** GET /api/caribou/portfolio/{id}/metadata: a portfolio with its products and their runs. */
export function fetchPortfolioMetadata(id: number, signal?: AbortSignal): Promise<PortfolioMetadata> {
  return api.get(`/api/caribou/portfolio/${id}/metadata`, { schema: portfolioMetadataSchema, signal });
}
