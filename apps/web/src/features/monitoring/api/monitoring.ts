import {
  changeDetailSchema,
  changesPageSchema,
  monitoringListSchema,
  monitoringStateSchema,
  portfolioMetadataSchema,
  runDiffSummarySchema,
  type ChangesQuery,
} from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** Calls of monitored portfolios (issue 41): monitoring state, changes, a change's imagery, run diffs. */
export const monitoringKeys = {
  all: ['monitoring'] as const,
  state: (id: number) => ['monitoring', id, 'state'] as const,
  changes: (id: number, q: Partial<ChangesQuery>) => ['monitoring', id, 'changes', q] as const,
  change: (id: number, changeId: string) => ['monitoring', id, 'change', changeId] as const,
  diff: (id: number, product: string, from: number, to: number | 'now') =>
    ['monitoring', id, 'diff', product, from, to] as const,
};

export const fetchMonitoring = (id: number) =>
  api.get(apiPath('/caribou/portfolio/{id}/monitoring', { id }), { schema: monitoringListSchema });

export const setMonitoring = (id: number, product: string, body: { monitored: boolean; pinned?: boolean }) =>
  api.put(apiPath('/caribou/portfolio/{id}/product/{p}/monitoring', { id, p: product }), body, {
    schema: monitoringStateSchema,
  });

export const fetchChanges = (id: number, query: Partial<ChangesQuery>) =>
  api.get(apiPath('/caribou/portfolio/{id}/changes', { id }), {
    query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')),
    schema: changesPageSchema,
  });

export const fetchChange = (id: number, changeId: string) =>
  api.get(apiPath('/caribou/portfolio/{id}/changes/{changeId}', { id, changeId }), { schema: changeDetailSchema });

export const fetchDiff = (id: number, product: string, from: number, to: number | 'now') =>
  api.get(apiPath('/caribou/portfolio/{id}/product/{p}/diff', { id, p: product }), {
    query: { from, to },
    schema: runDiffSummarySchema,
  });

export const fetchDiffFile = (id: number, product: string, from: number, to: number | 'now', format: 'csv' | 'xlsx') =>
  api.get<Blob>(apiPath('/caribou/portfolio/{id}/product/{p}/diff/export', { id, p: product }), {
    query: { from, to, format },
    responseType: 'blob',
  });

export const fetchPortfolio = (id: number) =>
  api.get(apiPath('/caribou/portfolio/{id}/metadata', { id }), { schema: portfolioMetadataSchema });
