import {
  accumulationPageSchema,
  bookOverTimeSchema,
  dashboardSchema,
  hexagonsSchema,
  ringRowsSchema,
  ringsSchema,
  type AccumulationGrouping,
} from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** The portfolio analysis calls (issue 43): dashboard, areas, rings and a ring's rows, and their files. */

export function fetchDashboard(id: number, signal?: AbortSignal) {
  return api.get(apiPath('/caribou/portfolio/{id}/dashboard', { id }), { schema: dashboardSchema, signal });
}

/** A monitored product's rows and value by risk level at each finished run and now. */
export function fetchBookOverTime(id: number, product: string, signal?: AbortSignal) {
  return api.get(apiPath('/caribou/portfolio/{id}/dashboard/over-time', { id }), {
    query: { product },
    schema: bookOverTimeSchema,
    signal,
  });
}

/** The map's hexagons of a scored product (apart from the dashboard: the charts do not wait for them). */
export function fetchHexagons(id: number, product: string, signal?: AbortSignal) {
  return api.get(apiPath('/caribou/portfolio/{id}/dashboard/hexagons', { id }), {
    query: { product },
    schema: hexagonsSchema,
    signal,
  });
}

export function fetchAccumulation(
  id: number,
  query: { product: string; by: AccumulationGrouping; page: number; itemsPerPage: number },
  signal?: AbortSignal,
) {
  return api.get(apiPath('/caribou/portfolio/{id}/accumulation', { id }), {
    query,
    schema: accumulationPageSchema,
    signal,
  });
}

export function fetchRings(
  id: number,
  query: { product: string; radius: number; limit: number },
  signal?: AbortSignal,
) {
  return api.get(apiPath('/caribou/portfolio/{id}/accumulation/rings', { id }), { query, schema: ringsSchema, signal });
}

export function fetchRingRows(
  id: number,
  query: { product: string; latitude: number; longitude: number; radius: number },
  signal?: AbortSignal,
) {
  return api.get(apiPath('/caribou/portfolio/{id}/accumulation/ring-rows', { id }), {
    query: { ...query, itemsPerPage: 500 },
    schema: ringRowsSchema,
    signal,
  });
}

/** An aggregate as a CSV or XLSX file (a download). */
export function fetchAggregateFile(
  id: number,
  what:
    { kind: 'areas'; product: string; by: AccumulationGrouping } | { kind: 'rings'; product: string; radius: number },
  format: 'csv' | 'xlsx',
): Promise<Blob> {
  const path =
    what.kind === 'areas' ? '/caribou/portfolio/{id}/accumulation' : '/caribou/portfolio/{id}/accumulation/rings';
  const query =
    what.kind === 'areas'
      ? { product: what.product, by: what.by, format, itemsPerPage: 5000 }
      : { product: what.product, radius: what.radius, limit: 100, format };
  return api.get<Blob>(apiPath(path, { id }), { query, responseType: 'blob' });
}
