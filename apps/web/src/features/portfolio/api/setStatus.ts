import { portfolioProductStubSchema, type FileStatus } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** PATCH …/product/{p}/status: Processed or Archived. */
export function setProductStatus(id: number, product: string, status: FileStatus) {
  return api.patch(
    apiPath('/caribou/portfolio/{id}/product/{p}/status', { id, p: product }),
    { status },
    { schema: portfolioProductStubSchema },
  );
}
