import { portfolioNameCheckResultSchema } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** POST /api/caribou/portfolios/names: whether a portfolio name is free in the organisation. */
export function checkPortfolioName(organizationId: number, portfolioName: string, signal?: AbortSignal) {
  return api.post(
    apiPath('/caribou/portfolios/names'),
    { organizationId, portfolioName },
    { schema: portfolioNameCheckResultSchema, signal },
  );
}
