import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** GET …/product/{p}/export: the results file (CSV or XLSX), a download, not JSON. */
export function fetchExportFile(id: number, product: string, format: 'csv' | 'xlsx'): Promise<Blob> {
  return api.get<Blob>(apiPath('/caribou/portfolio/{id}/product/{p}/export', { id, p: product }), {
    query: { format: format === 'xlsx' ? 'xlsx' : undefined },
    responseType: 'blob',
  });
}
