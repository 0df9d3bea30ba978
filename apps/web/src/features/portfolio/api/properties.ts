import { propertiesPageSchema, type PropertiesPage } from '@zview/contracts';
import { api } from '../../../api/client';
import { joined, type PropertySort } from './keys';
import { apiPath } from '../../../api/paths';

export interface PropertiesParams {
  product: string;
  page: number;
  itemsPerPage: number;
  riskLevel: string[];
  sort: PropertySort;
  order: 'asc' | 'desc';
}

/** GET /api/caribou/portfolio/{id}/properties: a page of scored rows. */
export function fetchPortfolioProperties(
  id: number,
  params: PropertiesParams,
  signal?: AbortSignal,
): Promise<PropertiesPage> {
  return api.get(apiPath('/caribou/portfolio/{id}/properties', { id }), {
    query: { ...params, riskLevel: joined(params.riskLevel) },
    schema: propertiesPageSchema,
    signal,
  });
}
