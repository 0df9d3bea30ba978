import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { AccumulationAreas } from './AccumulationAreas';
import { count, usd } from './analysisFormat';
import { BookCharts } from './BookCharts';
import { BookOverTimeChart } from './BookOverTimeChart';
import { RingList, RingRowsPanel } from './RingList';
import { loadAccumulationMap, useBookAnalysis, type BookAnalysisState, type BookSectionProps } from './useBookAnalysis';

const AccumulationMap = lazy(loadAccumulationMap);

/**
 * The book dashboard (issue 43): score distribution per product, value by risk level, where the
 * value is (hexagons, areas) and its largest concentrations within a ring; a ring's rows on the map.
 */
export default function BookAnalysis({
  portfolioId,
  portfolioName,
  product,
}: {
  portfolioId: number;
  portfolioName: string;
  product: string;
}) {
  const state = useBookAnalysis(portfolioId, product);
  const { dashboard } = state;
  if (dashboard.isPending) return <Skeleton variant="rounded" height={320} data-testid="book-analysis-loading" />;
  if (dashboard.isError) return <Alert severity="info">{dashboard.error.message}</Alert>;
  const data = dashboard.data;
  const byValue = data.hasValue;
  const sections: BookSectionProps = { state, portfolioId, portfolioName, product, byValue };

  return (
    <Stack spacing={3} data-testid="book-analysis">
      <Stack direction="row" spacing={4}>
        <Figure testId="book-total-value" label="Total insured value of located rows">
          {byValue ? usd.format(data.totalValue) : '—'}
        </Figure>
        <Figure label="Rows in the book">{count(data.totalCount)}</Figure>
      </Stack>
      {!byValue && (
        <Alert severity="info">
          No value column was mapped in this file, so concentrations are ranked by the number of rows.
        </Alert>
      )}
      <BookCharts dashboard={data} product={product} />
      {state.overTime.data && <BookOverTimeChart overTime={state.overTime.data} />}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <RingList {...sections} />
        <Box sx={{ flex: 1.3, minWidth: 0 }}>
          <BookMap state={state} />
          <RingRowsPanel state={state} />
        </Box>
      </Stack>
      <AccumulationAreas {...sections} />
    </Stack>
  );
}

function Figure({ label, testId, children }: { label: string; testId?: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid={testId}>
        {children}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
    </Box>
  );
}

/** The hexagon map once its cells are in (its code was asked for as the tab opened). */
function BookMap({ state }: { state: BookAnalysisState }) {
  const { hexagons, ring, ringRows } = state;
  const placeholder = <Skeleton variant="rounded" height={420} />;
  if (hexagons.isError) return <Alert severity="warning">{hexagons.error.message}</Alert>;
  if (!hexagons.data) return placeholder;
  return (
    <>
      <Suspense fallback={placeholder}>
        <AccumulationMap hexagons={hexagons.data} ring={ring} ringRows={ringRows.data?.rows ?? []} />
      </Suspense>
      {/* The map had no key: say what the shade means and why the cells change size with the zoom. */}
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }} data-testid="map-key">
        H3 hexagons shaded by {hexagons.data.hasValue ? 'insured value' : 'number of rows'} (darker: more); smaller
        cells as you zoom in. Click a ring in the list to see its rows.
      </Typography>
    </>
  );
}
