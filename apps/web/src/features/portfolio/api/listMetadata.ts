import { portfolioListMetadataSchema, type PortfolioListMetadata } from '@zview/contracts';
import { api } from '../../../api/client';
import { roleGroupHeaders } from './keys';
import { apiPath } from '../../../api/paths';

/** GET /api/caribou/portfolios/metadata: the list's filter options. */
export function fetchPortfolioListMetadata(
  signal?: AbortSignal,
  internalAdmin = false,
): Promise<PortfolioListMetadata> {
  return api.get(apiPath('/caribou/portfolios/metadata'), {
    headers: roleGroupHeaders(internalAdmin),
    schema: portfolioListMetadataSchema,
    signal,
  });
}
