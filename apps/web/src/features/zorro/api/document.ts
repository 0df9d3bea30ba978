import { zorroDocumentSchema, type ZorroDocument } from '@zview/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

export const documentPath = (id: number) => apiPath('/zorro/documents/{id}', { id });

export function fetchDocument(id: number, q: string | undefined, signal?: AbortSignal): Promise<ZorroDocument> {
  return api.get(documentPath(id), { query: { q: q || undefined }, schema: zorroDocumentSchema, signal });
}

export const documentQuery = (id: number, q: string | undefined) =>
  queryOptions({
    queryKey: ['zorro', 'document', id, q ?? ''],
    queryFn: ({ signal }) => fetchDocument(id, q, signal),
    retry: false,
  });

export function useDocument(id: number | null, q: string | undefined) {
  return useQuery({ ...documentQuery(id ?? 0, q), enabled: id !== null });
}
