import { formatLongDate } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useSession } from '../../session/session';
import type { PortfolioMetadata } from '@zview/contracts';
import { portfolioKeys } from './api/keys';
import { fetchPortfolioMetadata } from './api/metadata';
import { PortfolioSubpage, RunProgressBar, StatusChip } from './components';
import { EmptyState, LoadError } from '../../ui/TableStates';
import { ErrorsTable } from './ErrorsTable';
import { orderByProduct, productName } from './model';
import { PropertyDrawer } from './PropertyDrawer';
import { ResultsTable } from './ResultsTable';
import { RiskDistribution } from './RiskDistribution';
import { ExportAllButton } from './ExportAllButton';

export const RESULTS_POLL_MS = 3000;

/** maplibre is large: the map loads only when a results page shows it. */
const loadResultsMap = () => import('./ResultsMap');
const ResultsMap = lazy(loadResultsMap);
/** The book dashboard (charts, rings, hexagon map) loads when its tab is opened. */
const BookAnalysis = lazy(() => import('./BookAnalysis'));

const processing = (data: PortfolioMetadata | undefined) =>
  Boolean(data?.products.some((p) => p.status === 'IN_PROGRESS' || (p.status === 'UPLOADED' && !data.processingError)));

export default function PortfolioResultsPage() {
  const session = useSession();
  const org = session.activeOrganization?.id ?? null;
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const [tab, setTab] = useState<'results' | 'errors' | 'analysis'>(() =>
    params.get('tab') === 'analysis' ? 'analysis' : 'results',
  );
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

  if (!valid) {
    return (
      <PortfolioSubpage maxWidth={1360}>
        <EmptyState
          title="No portfolio chosen"
          hint="Open a portfolio from the list to see its results."
          action={
            <Button component={RouterLink} to="/zportfolio">
              Go to portfolios
            </Button>
          }
        />
      </PortfolioSubpage>
    );
  }
  if (metadata.isPending) {
    return (
      <PortfolioSubpage maxWidth={1360}>
        <Skeleton variant="text" width={360} height={48} />
        <Stack direction="row" spacing={2} sx={{ my: 3 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={96} sx={{ flex: 1 }} />
          ))}
        </Stack>
        <Skeleton variant="rounded" height={140} sx={{ mb: 3 }} data-testid="results-skeleton" />
        <Skeleton variant="rounded" height={320} />
      </PortfolioSubpage>
    );
  }
  if (metadata.isError) {
    return (
      <PortfolioSubpage maxWidth={1360}>
        <LoadError what="This portfolio" error={metadata.error} onRetry={() => void metadata.refetch()} />
      </PortfolioSubpage>
    );
  }
  const data = metadata.data;
  const scored = product ? product.riskLevels.low + product.riskLevels.medium + product.riskLevels.high : 0;

  return (
    <PortfolioSubpage maxWidth={1360}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 3 }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            {data.name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {[
              data.description,
              `Created ${formatLongDate(data.createdAt)}`,
              data.rowCount !== null ? `${data.rowCount.toLocaleString('en-US')} rows` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button component={RouterLink} to={`/zportfolio/changes?portfolio=${data.id}`}>
            Changes
          </Button>
          <Button component={RouterLink} to={`/zportfolio/alerts?portfolio=${data.id}`}>
            Alerts & webhooks
          </Button>
          <ExportAllButton
            id={data.id}
            name={data.name}
            disabled={!products.some((p) => p.status === 'READY' || p.status === 'PROCESSED')}
          />
          {products.map((p) => (
            <Stack key={p.product} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <Typography variant="caption" sx={{ fontWeight: 700 }}>
                {productName(p.product)}
              </Typography>
              <StatusChip status={p.status} />
            </Stack>
          ))}
        </Stack>
      </Stack>
      {data.processingError && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {data.processingError}
        </Alert>
      )}
      {!product ? (
        <EmptyState title="This portfolio has no products" hint="Every product of this portfolio was deleted." />
      ) : (
        <>
          {products.length > 1 && (
            <Tabs
              value={product.product}
              onChange={(_, next: string) => {
                setParams((current) => {
                  const nextParams = new URLSearchParams(current);
                  nextParams.set('product', next);
                  return nextParams;
                });
              }}
              sx={{ mb: 2 }}
              aria-label="Product"
            >
              {products.map((p) => (
                <Tab key={p.product} value={p.product} label={productName(p.product)} />
              ))}
            </Tabs>
          )}
          <Stack direction="row" spacing={2} sx={{ mb: 3 }} data-testid="summary-cards">
            <SummaryCard label="Properties in the file" value={data.rowCount} />
            <SummaryCard label={`Scored for ${productName(product.product)}`} value={scored} />
            <SummaryCard label="High risk" value={product.riskLevels.high} tone="#a42323" />
            <SummaryCard
              label="Could not be scored"
              value={product.errorCount || data.unusableRows}
              tone={product.errorCount || data.unusableRows ? '#8a5a00' : undefined}
            />
          </Stack>
          {product.status === 'IN_PROGRESS' && (
            <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
              <Typography variant="body2" sx={{ mb: 1, fontWeight: 600 }}>
                Scoring {productName(product.product)}… results appear as each part of the file is finished.
              </Typography>
              <RunProgressBar progress={product.progress} />
            </Paper>
          )}
          <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 2 }}>
              Risk distribution
            </Typography>
            <RiskDistribution products={products} />
          </Paper>
          <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 2 }}>
              Map by {productName(product.product)} risk level
            </Typography>
            <Suspense fallback={<Skeleton variant="rounded" height={440} data-testid="results-map-loading" />}>
              <ResultsMap
                org={org}
                portfolioId={id}
                product={product.product}
                runId={product.currentRunId}
                live={product.status === 'IN_PROGRESS'}
                onOpen={setOpenRow}
              />
            </Suspense>
          </Paper>
          <Tabs value={tab} onChange={(_, next: 'results' | 'errors' | 'analysis') => setTab(next)} sx={{ mb: 2 }}>
            <Tab value="results" label="Results" />
            <Tab
              value="errors"
              label={`Errors${product.errorCount ? ` (${product.errorCount.toLocaleString('en-US')})` : ''}`}
            />
            <Tab value="analysis" label="Book analysis" />
          </Tabs>
          {tab === 'analysis' ? (
            product.status === 'READY' || product.status === 'PROCESSED' ? (
              <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
                <BookAnalysis portfolioId={id} portfolioName={data.name} product={product.product} />
              </Suspense>
            ) : (
              <EmptyState title="Not scored yet" hint="The book analysis is available once scoring has finished." />
            )
          ) : tab === 'results' ? (
            <ResultsTable
              key={product.product}
              org={org}
              portfolioId={id}
              product={product.product}
              onOpen={setOpenRow}
              live={product.status === 'IN_PROGRESS'}
            />
          ) : (
            <ErrorsTable key={product.product} org={org} portfolioId={id} product={product.product} />
          )}
          <PropertyDrawer
            org={org}
            portfolioId={id}
            product={product.product}
            rowNumber={openRow}
            onClose={() => setOpenRow(null)}
          />
        </>
      )}
    </PortfolioSubpage>
  );
}

function SummaryCard({ label, value, tone }: { label: string; value: number | null; tone?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5, flex: 1 }} data-testid="summary-card">
      <Typography variant="h5" sx={{ fontWeight: 700, color: tone }}>
        {value === null ? '—' : value.toLocaleString('en-US')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
    </Paper>
  );
}
