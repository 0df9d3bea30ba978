import {
  INTERNAL_ADMIN_ROLE_GROUP,
  PORTFOLIO_ROLE_GROUP_HEADER,
  type JobFilter,
  type PortfolioList,
} from '@zview/contracts';
import { apiPath } from '../../../api/paths';

/** Filters of the portfolio list (comma-joined on the wire). */
export interface PortfolioListFilters {
  product: string[];
  status: string[];
  organization: string[];
}

export type Paged = Pick<PortfolioList, 'total' | 'page' | 'itemsPerPage'>;

export type PropertySort = 'rowNumber' | 'ref' | 'score' | 'riskLevel' | 'confidence';

export const joined = (values: string[]) => (values.length ? values.join(',') : undefined);

/** Internal admins send the role group with the list calls and see every organisation (SPEC §6). */
export const roleGroupHeaders = (internalAdmin: boolean) =>
  internalAdmin ? { [PORTFOLIO_ROLE_GROUP_HEADER]: INTERNAL_ADMIN_ROLE_GROUP } : undefined;

/** The path of one product of a portfolio. */
export const productPath = (id: number, product: string) =>
  apiPath('/caribou/portfolio/{id}/product/{p}', { id, p: product });

/** Query keys of the portfolio screens; all carry the active organisation id. */
export const portfolioKeys = {
  all: (org: number | null) => ['portfolio', org] as const,
  list: (org: number | null, filters: PortfolioListFilters, page: number, itemsPerPage: number) =>
    ['portfolio', org, 'list', filters, page, itemsPerPage] as const,
  listMetadata: (org: number | null) => ['portfolio', org, 'list-metadata'] as const,
  metadata: (org: number | null, id: number) => ['portfolio', org, id, 'metadata'] as const,
  properties: (org: number | null, id: number, params: object) => ['portfolio', org, id, 'properties', params] as const,
  errors: (org: number | null, id: number, product: string, page: number) =>
    ['portfolio', org, id, 'errors', product, page] as const,
  property: (org: number | null, id: number, row: number, product: string) =>
    ['portfolio', org, id, 'property', row, product] as const,
  map: (org: number | null, id: number, product: string, runId: number | null) =>
    ['portfolio', org, id, 'map', product, runId] as const,
  jobs: (filter: JobFilter, page: number) => ['jobs', filter, page] as const,
  jobsMetadata: () => ['jobs', 'metadata'] as const,
};
