import type { StandardProduct } from '@zview/contracts';
import { api } from '../../../api/client';

const property = (propertyId: string) => `/api/caribou/properties/${encodeURIComponent(propertyId)}`;

/** GET /api/caribou/properties/{propertyId}/notice.pdf?product=: the score notice of one product (PDF). */
export function fetchNotice(propertyId: string, product: StandardProduct): Promise<Blob> {
  return api.get<Blob>(`${property(propertyId)}/notice.pdf`, { query: { product }, responseType: 'blob' });
}

/** GET /api/caribou/properties/{propertyId}/report.pdf: the whole property view as a PDF. */
export function fetchPropertyReport(propertyId: string): Promise<Blob> {
  return api.get<Blob>(`${property(propertyId)}/report.pdf`, { responseType: 'blob' });
}
