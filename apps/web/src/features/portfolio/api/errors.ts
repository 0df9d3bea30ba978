import { ERRORS_PAGE_SIZE, errorsPageSchema, type ErrorsPage } from '@zview/contracts';
import { api } from '../../../api/client';

/** GET /api/caribou/portfolio/{id}/errors: a page of the rows that could not be scored. */
export function fetchPortfolioErrors(
  id: number,
  product: string,
  page: number,
  signal?: AbortSignal,
): Promise<ErrorsPage> {
  return api.get(`/api/caribou/portfolio/${id}/errors`, {
    query: { product, page, itemsPerPage: ERRORS_PAGE_SIZE },
    schema: errorsPageSchema,
    signal,
  });
}
