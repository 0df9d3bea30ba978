import { useQuery } from '@tanstack/react-query';
import type { AccumulationGrouping, Ring } from '@zview/contracts';
import { useEffect, useState } from 'react';
import { fetchAccumulation, fetchDashboard, fetchHexagons, fetchRingRows, fetchRings } from './api/analysis';
import { TOP_RINGS } from './analysisFormat';

/** The map's code (maplibre, state outlines): asked for as the tab opens, with the data. */
export const loadAccumulationMap = () => import('./AccumulationMap');

/**
 * The book dashboard's state (issue 43): the grouping of the areas, the ring radius and the ring
 * chosen, and its five reads. Every read starts as the tab opens, side by side, and so does the
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
  const dashboard = useQuery({
    queryKey: ['portfolio', portfolioId, 'dashboard'],
    queryFn: ({ signal }) => fetchDashboard(portfolioId, signal),
    retry: false,
  });
  const hexagons = useQuery({
    queryKey: ['portfolio', portfolioId, 'hexagons', product],
    queryFn: ({ signal }) => fetchHexagons(portfolioId, product, signal),
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
  return { by, setBy, radius, chooseRadius, ring, setRing, dashboard, hexagons, areas, rings, ringRows };
}

export type BookAnalysisState = ReturnType<typeof useBookAnalysis>;
