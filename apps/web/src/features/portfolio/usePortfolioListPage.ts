import { FILE_STATUSES, PORTFOLIO_PRODUCTS, type FilterOption, type PortfolioList } from '@zview/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { track } from '../../api/analytics';
import { useSession } from '../../session/session';
import { usePaging } from '../../ui/PagedTableFooter';
import { portfolioKeys, type PortfolioListFilters } from './api/keys';
import { fetchPortfolios } from './api/list';
import { fetchPortfolioListMetadata } from './api/listMetadata';
import { productName, statusLabel } from './model';

export const LIST_POLL_MS = 3000;
const NO_FILTERS: PortfolioListFilters = { product: [], status: [], organization: [] };

/** Polls while any product is being processed, so progress bars move and statuses flip. */
export function isProcessing(list: PortfolioList | undefined): boolean {
  return Boolean(
    list?.portfolios.some((p) =>
      p.products.some((pp) => pp.status === 'IN_PROGRESS' || (pp.status === 'UPLOADED' && !p.processingError)),
    ),
  );
}

/** The list page's state: filters, paging, the list (polled while anything runs) and its filter options. */
export function usePortfolioListPage() {
  const session = useSession();
  const org = session.activeOrganization?.id ?? null;
  // Internal admins (the server's `organization:act-for-any`) list every organisation's portfolios.
  const isAdmin = session.permissions.abilities.actForAnyOrganization;
  const [filters, setFilters] = useState<PortfolioListFilters>(NO_FILTERS);
  const paging = usePaging(10);
  const { page, itemsPerPage } = paging;

  const metadata = useQuery({
    queryKey: portfolioKeys.listMetadata(org),
    queryFn: ({ signal }) => fetchPortfolioListMetadata(signal, isAdmin),
    retry: false,
  });
  const list = useQuery({
    queryKey: portfolioKeys.list(org, filters, page, itemsPerPage),
    queryFn: ({ signal }) => fetchPortfolios(filters, page + 1, itemsPerPage, signal, isAdmin),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (query) => (isProcessing(query.state.data) ? LIST_POLL_MS : false),
  });

  const options = useMemo(() => {
    const served = metadata.data?.filters;
    const product: FilterOption[] =
      served?.product ?? PORTFOLIO_PRODUCTS.map((p) => ({ value: p, display: productName(p) }));
    const status: FilterOption[] = [
      ...(served?.status ??
        FILE_STATUSES.filter((s) => s !== 'ARCHIVED').map((s) => ({ value: s, display: statusLabel(s)! }))),
      { value: 'ARCHIVED', display: 'Archived' },
    ];
    // Internal admins send the role group and get every organisation from the server (SPEC §6).
    const organization: FilterOption[] =
      served?.organization ?? (isAdmin ? session.organizations.map((o) => ({ value: o.id, display: o.name })) : []);
    return { product, status, organization };
  }, [metadata.data, isAdmin, session.organizations]);

  const setAndTrack = (next: PortfolioListFilters) => {
    setFilters(next);
    paging.onPageChange(0);
    track('portfolio_filters_applied', { product: next.product, status: next.status, organization: next.organization });
  };
  return {
    isAdmin,
    filters,
    options,
    paging,
    list,
    rows: list.data?.portfolios ?? [],
    filtered: filters.product.length + filters.status.length + filters.organization.length > 0,
    applyFilter: (kind: keyof PortfolioListFilters, value: string[]) => setAndTrack({ ...filters, [kind]: value }),
    clearFilters: () => setAndTrack(NO_FILTERS),
  };
}
