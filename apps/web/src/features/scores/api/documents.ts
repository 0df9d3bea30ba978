import type { StandardProduct } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** GET /api/caribou/properties/{propertyId}/notice.pdf?product=: the score notice of one product (PDF). */
export function fetchNotice(propertyId: string, product: StandardProduct): Promise<Blob> {
  return api.get<Blob>(apiPath('/caribou/properties/{propertyId}/notice.pdf', { propertyId }), {
    query: { product },
    responseType: 'blob',
  });
}

/** GET /api/caribou/properties/{propertyId}/report.pdf: the whole property view as a PDF. */
export function fetchPropertyReport(propertyId: string): Promise<Blob> {
  return api.get<Blob>(apiPath('/caribou/properties/{propertyId}/report.pdf', { propertyId }), {
    responseType: 'blob',
  });
}
