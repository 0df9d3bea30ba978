import type { NoticeZipBody } from '@zview/contracts';
import { api } from '../../../api/client';

/** POST /api/caribou/portfolio/{id}/notices: the score notices of the selected rows, as one ZIP. */
export function fetchNoticesZip(portfolioId: number, body: NoticeZipBody): Promise<Blob> {
  return api.post<Blob>(`/api/caribou/portfolio/${portfolioId}/notices`, body, { responseType: 'blob' });
}
