import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AccumulationGrouping, Ring } from '@zview/contracts';
import { useEffect, useState } from 'react';
import {
  fetchAccumulation,
  fetchBookOverTime,
  fetchDashboard,
  fetchHexagons,
  fetchRingRows,
  fetchRings,
} from './api/analysis';
import { TOP_RINGS } from './analysisFormat';

/** The map's code (maplibre, state outlines): asked for as the tab opens, with the data. */
export const loadAccumulationMap = () => import('./AccumulationMap');

const dashboardQuery = (portfolioId: number) =>
  queryOptions({
    queryKey: ['portfolio', portfolioId, 'dashboard'],
    queryFn: ({ signal }) => fetchDashboard(portfolioId, signal),
    retry: false,
  });

const hexagonsQuery = (portfolioId: number, product: string) =>
  queryOptions({
    queryKey: ['portfolio', portfolioId, 'hexagons', product],
    queryFn: ({ signal }) => fetchHexagons(portfolioId, product, signal),
    retry: false,
  });

/**
 * The dashboard's first reads, asked for by the results page when it opens on the analysis tab:
 * the map's code and the dashboard as the page opens (it needs no product), the map's hexagons once
 * the product is known (the metadata), all before the dashboard's own code has loaded and rendered (profiled on
 * a million-row book: the reads started a second after the metadata had answered).
 */
export function prefetchBookAnalysis(client: QueryClient, portfolioId: number, product: string | undefined) {
  void client.prefetchQuery(dashboardQuery(portfolioId));
  loadAccumulationMap().then(
    (module) => module.preloadAccumulationMap(),
    () => undefined,
  );
  if (product) void client.prefetchQuery(hexagonsQuery(portfolioId, product));
}

/**
 * The book dashboard's state (issue 43): the grouping of the areas, the ring radius and the ring
 * chosen, and its six reads (the sixth: the product over time when the book monitors it). Every read starts as the tab opens, side by side, and so does the
 * map's code: on a million-row book the charts waited for the hexagons, the rings and areas for
 * the dashboard, and the map's code for all of them (docs/portfolio-analysis.md, first paint).
 */
export function useBookAnalysis(portfolioId: number, product: string) {
  const [by, setBy] = useState<AccumulationGrouping>('state');
  const [radius, setRadius] = useState(1000);
  const [ring, setRing] = useState<Ring | null>(null);
  useEffect(() => {
    loadAccumulationMap().then(
      (module) => module.preloadAccumulationMap(),
      () => undefined,
    );
  }, []);
  const dashboard = useQuery(dashboardQuery(portfolioId));
  const hexagons = useQuery(hexagonsQuery(portfolioId, product));
  const overTime = useQuery({
    queryKey: ['portfolio', portfolioId, 'over-time', product],
    queryFn: ({ signal }) => fetchBookOverTime(portfolioId, product, signal),
    retry: false,
  });
  const areas = useQuery({
    queryKey: ['portfolio', portfolioId, 'accumulation', product, by],
    queryFn: ({ signal }) => fetchAccumulation(portfolioId, { product, by, page: 1, itemsPerPage: 20 }, signal),
    retry: false,
  });
  const rings = useQuery({
    queryKey: ['portfolio', portfolioId, 'rings', product, radius],
    queryFn: ({ signal }) => fetchRings(portfolioId, { product, radius, limit: TOP_RINGS }, signal),
    retry: false,
  });
  const ringRows = useQuery({
    queryKey: ['portfolio', portfolioId, 'ring-rows', product, ring],
    queryFn: ({ signal }) =>
      fetchRingRows(
        portfolioId,
        { product, latitude: ring!.latitude, longitude: ring!.longitude, radius: ring!.radius },
        signal,
      ),
    enabled: ring !== null,
    retry: false,
  });
  const chooseRadius = (next: number) => {
    setRadius(next);
    setRing(null);
  };
  return { by, setBy, radius, chooseRadius, ring, setRing, dashboard, hexagons, overTime, areas, rings, ringRows };
}

export type BookAnalysisState = ReturnType<typeof useBookAnalysis>;

/** What each section of the book dashboard is given (the ring list, the areas): one shape for all. */
export interface BookSectionProps {
  state: BookAnalysisState;
  portfolioId: number;
  portfolioName: string;
  product: string;
  /** Whether the file has a value column: figures are ranked by value, else by rows. */
  byValue: boolean;
}
