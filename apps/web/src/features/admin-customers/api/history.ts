import { auditResponseSchema, downloadFileName } from '@zview/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { saveBlob } from '../../../ui/saveBlob';
import { apiPath } from '../../../api/paths';

/** GET /api/zauth-customer/customers/{id}/audit (newest first) */
export function useCustomerHistory(id: number, page: number, itemsPerPage: number) {
  return useQuery({
    queryKey: ['zauth-customer', 'customers', id, 'audit', page, itemsPerPage],
    queryFn: () =>
      api.get(apiPath('/zauth-customer/customers/{id}/audit', { id }), {
        query: { page, itemsPerPage },
        schema: auditResponseSchema,
        organization: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET …/audit.csv, saved by the browser. */
export async function downloadCustomerHistory(id: number): Promise<void> {
  const blob = await api.get<Blob>(apiPath('/zauth-customer/customers/{id}/audit.csv', { id }), {
    responseType: 'blob',
    organization: false,
    headers: { accept: 'text/csv' },
  });
  saveBlob(blob, downloadFileName(`customer ${id} history`, 'csv'));
}
