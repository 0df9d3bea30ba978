import { portfolioExportChoiceResultSchema } from '@zview/contracts';
import { api } from '../../../api/client';
import { productPath } from './keys';

/** PUT …/product/{p}/export: saves the columns chosen for the export. */
export function saveExportColumns(id: number, product: string, columns: string[]) {
  return api.put(
    `${productPath(id, product)}/export`,
    { data: { columns } },
    { schema: portfolioExportChoiceResultSchema },
  );
}
