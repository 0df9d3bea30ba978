import { auditResponseSchema, downloadFileName } from '@zview/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { saveBlob } from '../../../ui/saveBlob';
import { CUSTOMERS_PATH } from './customers';

/** GET /api/zauth-customer/customers/{id}/audit (newest first) */
export function useCustomerHistory(id: number, page: number, itemsPerPage: number) {
  return useQuery({
    queryKey: ['zauth-customer', 'customers', id, 'audit', page, itemsPerPage],
    queryFn: () =>
      api.get(`${CUSTOMERS_PATH}/${id}/audit`, {
        query: { page, itemsPerPage },
        schema: auditResponseSchema,
        organization: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET …/audit.csv, saved by the browser. */
export async function downloadCustomerHistory(id: number): Promise<void> {
  const blob = await api.get<Blob>(`${CUSTOMERS_PATH}/${id}/audit.csv`, {
    responseType: 'blob',
    organization: false,
    headers: { accept: 'text/csv' },
  });
  saveBlob(blob, downloadFileName(`customer ${id} history`, 'csv'));
}
