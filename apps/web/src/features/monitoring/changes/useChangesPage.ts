import type { ChangesQuery } from '@zview/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchChanges, fetchMonitoring, fetchPortfolio, monitoringKeys, setMonitoring } from '../api/monitoring';

export type Filters = Pick<ChangesQuery, 'cause' | 'product' | 'level' | 'from' | 'to'>;

/** The changes view's state: the portfolio, its monitoring, the filtered page of changes, the open change. */
export function useChangesPage(id: number) {
  const client = useQueryClient();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const portfolio = useQuery({
    queryKey: ['monitoring', id, 'portfolio'],
    queryFn: () => fetchPortfolio(id),
    enabled: id > 0,
  });
  const monitoring = useQuery({
    queryKey: monitoringKeys.state(id),
    queryFn: () => fetchMonitoring(id),
    enabled: id > 0,
    // While the worker places a book's rows, its count and progress move: asked again every 5 s.
    refetchInterval: (q) => (q.state.data?.products.some((p) => p.placing) ? 5_000 : false),
  });
  const query = { ...filters, page: page + 1, itemsPerPage: 25 };
  const changes = useQuery({
    queryKey: monitoringKeys.changes(id, query),
    queryFn: () => fetchChanges(id, query),
    enabled: id > 0,
  });
  const toggle = useMutation({
    mutationFn: (v: { product: string; monitored: boolean; pinned?: boolean }) =>
      setMonitoring(id, v.product, { monitored: v.monitored, ...(v.pinned !== undefined ? { pinned: v.pinned } : {}) }),
    onSettled: () => client.invalidateQueries({ queryKey: monitoringKeys.state(id) }),
  });
  const setFilter = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(0);
  };
  return { portfolio, monitoring, changes, toggle, filters, setFilter, page, setPage, open, setOpen };
}
