import type { ZorroGridColumn } from '@zview/contracts';
import { api } from '../../../api/client';
import { filterQuery, type FinderState } from '../filters';
import { apiPath } from '../../../api/paths';

export const ZORRO_EXPORT_PATH = apiPath('/zorro/export');

/** The grid as a file: every filing matching the filters (no cap), in its order and columns, built and streamed by the server. */
export function fetchExport(state: FinderState, columns: ZorroGridColumn[], format: 'csv' | 'xlsx'): Promise<Blob> {
  return api.get<Blob>(ZORRO_EXPORT_PATH, {
    query: { ...filterQuery(state), sort: state.sort, dir: state.dir, columns, format },
    responseType: 'blob',
  });
}
