import { portfolioExportMarkSchema } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** PUT …/product/{p}/update_export: marks the export (the GET only reads): regenerates a stored CSV, records it, and accepts READY results as Processed. */
export function updateExport(id: number, product: string, format: 'csv' | 'xlsx' = 'csv') {
  return api.put(apiPath('/caribou/portfolio/{id}/product/{p}/update_export', { id, p: product }), undefined, {
    query: { format: format === 'xlsx' ? 'xlsx' : undefined },
    schema: portfolioExportMarkSchema,
  });
}
