import { portfolioExportChoiceResultSchema } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** PUT …/product/{p}/export: saves the columns chosen for the export. */
export function saveExportColumns(id: number, product: string, columns: string[]) {
  return api.put(
    apiPath('/caribou/portfolio/{id}/product/{p}/export', { id, p: product }),
    { data: { columns } },
    { schema: portfolioExportChoiceResultSchema },
  );
}
