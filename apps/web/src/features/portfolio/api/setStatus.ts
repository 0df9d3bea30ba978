import { portfolioProductStubSchema, type FileStatus } from '@zview/contracts';
import { api } from '../../../api/client';
import { productPath } from './keys';

/** PATCH …/product/{p}/status: Processed or Archived. */
export function setProductStatus(id: number, product: string, status: FileStatus) {
  return api.patch(`${productPath(id, product)}/status`, { status }, { schema: portfolioProductStubSchema });
}
