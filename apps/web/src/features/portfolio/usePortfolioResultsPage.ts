import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortfolioMetadata } from '@zview/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../session/session';
import { portfolioKeys } from './api/keys';
import { fetchPortfolioMetadata } from './api/metadata';
import { orderByProduct } from './model';
import { prefetchBookAnalysis } from './useBookAnalysis';

export const RESULTS_POLL_MS = 3000;

/** maplibre is large: the map loads only when a results page shows it. */
export const loadResultsMap = () => import('./ResultsMap');

/** The book dashboard (charts, rings, hexagon map) loads when its tab is opened. */
export const loadBookAnalysis = () => import('./BookAnalysis');

export type ResultsTab = 'results' | 'errors' | 'analysis';

const processing = (data: PortfolioMetadata | undefined) =>
  Boolean(data?.products.some((p) => p.status === 'IN_PROGRESS' || (p.status === 'UPLOADED' && !data.processingError)));

/**
 * The results page's state: the portfolio and product of the address (?id=&product=&tab=), the tab,
 * the row open in the drawer, and the metadata (polled while a product is being scored).
 */
export function usePortfolioResultsPage() {
  const session = useSession();
  const org = session.activeOrganization?.id ?? null;
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const [tab, setTab] = useState<ResultsTab>(() => (params.get('tab') === 'analysis' ? 'analysis' : 'results'));
  const [openRow, setOpenRow] = useState<number | null>(null);
  // The map's code, maplibre and the state outlines load while the metadata is asked for, not
  // after it (issue 21: the map stayed blank for 2-3 s).
  useEffect(() => {
    loadResultsMap().then(
      (module) => module.preloadResultsMap(),
      () => undefined,
    );
  }, []);

  const metadata = useQuery({
    queryKey: portfolioKeys.metadata(org, id),
    queryFn: ({ signal }) => fetchPortfolioMetadata(id, signal),
    enabled: valid,
    retry: false,
    refetchInterval: (query) => (processing(query.state.data) ? RESULTS_POLL_MS : false),
  });
  const products = orderByProduct(metadata.data?.products ?? []);
  const product = products.find((p) => p.product === params.get('product')) ?? products[0];
  // Opened on the analysis tab: its code and first reads start with the metadata, not after it.
  const queryClient = useQueryClient();
  const analysisProduct = tab === 'analysis' && valid ? (product?.product ?? null) : undefined;
  useEffect(() => {
    if (analysisProduct === undefined) return;
    void loadBookAnalysis().catch(() => undefined);
    prefetchBookAnalysis(queryClient, id, analysisProduct ?? undefined);
  }, [queryClient, id, analysisProduct]);
  const chooseProduct = (next: string) =>
    setParams((current) => {
      const nextParams = new URLSearchParams(current);
      nextParams.set('product', next);
      return nextParams;
    });

  return { org, id, valid, tab, setTab, openRow, setOpenRow, metadata, products, product, chooseProduct };
}
