import { ERRORS_PAGE_SIZE, errorsPageSchema, type ErrorsPage } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** GET /api/caribou/portfolio/{id}/errors: a page of the rows that could not be scored. */
export function fetchPortfolioErrors(
  id: number,
  product: string,
  page: number,
  signal?: AbortSignal,
): Promise<ErrorsPage> {
  return api.get(apiPath('/caribou/portfolio/{id}/errors', { id }), {
    query: { product, page, itemsPerPage: ERRORS_PAGE_SIZE },
    schema: errorsPageSchema,
    signal,
  });
}
