import { api } from '../../../api/client';
import { productPath } from './keys';

/** DELETE …/product/{p}: 204, no body. */
export function deleteProduct(id: number, product: string): Promise<unknown> {
  return api.delete(productPath(id, product));
}
