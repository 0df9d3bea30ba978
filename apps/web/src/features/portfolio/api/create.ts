import { portfolioProductStubsSchema, type PortfolioCreate } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** POST /api/caribou/portfolios: creates a portfolio from an upload, one stub per product. */
export function createPortfolio(body: PortfolioCreate) {
  return api.post(apiPath('/caribou/portfolios'), body, { schema: portfolioProductStubsSchema });
}
