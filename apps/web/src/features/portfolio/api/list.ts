import { portfolioListSchema, type PortfolioList } from '@zview/contracts';
import { api } from '../../../api/client';
import { joined, roleGroupHeaders, type PortfolioListFilters } from './keys';
import { apiPath } from '../../../api/paths';

/** GET /api/caribou/portfolios: the list page (filters, paging). */
export function fetchPortfolios(
  filters: PortfolioListFilters,
  page: number,
  itemsPerPage: number,
  signal?: AbortSignal,
  internalAdmin = false,
): Promise<PortfolioList> {
  return api.get(apiPath('/caribou/portfolios'), {
    query: {
      product: joined(filters.product),
      status: joined(filters.status),
      organization: joined(filters.organization),
      page,
      itemsPerPage,
    },
    headers: roleGroupHeaders(internalAdmin),
    schema: portfolioListSchema,
    signal,
  });
}
