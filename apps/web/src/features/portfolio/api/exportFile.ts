import { api } from '../../../api/client';
import { productPath } from './keys';

/** GET …/product/{p}/export: the results file (CSV or XLSX), a download, not JSON. */
export function fetchExportFile(id: number, product: string, format: 'csv' | 'xlsx'): Promise<Blob> {
  return api.get<Blob>(`${productPath(id, product)}/export`, {
    query: { format: format === 'xlsx' ? 'xlsx' : undefined },
    responseType: 'blob',
  });
}
