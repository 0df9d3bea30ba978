import type { NoticeZipBody } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** POST /api/caribou/portfolio/{id}/notices: the score notices of the selected rows, as one ZIP. */
export function fetchNoticesZip(portfolioId: number, body: NoticeZipBody): Promise<Blob> {
  return api.post<Blob>(apiPath('/caribou/portfolio/{id}/notices', { id: portfolioId }), body, {
    responseType: 'blob',
  });
}
