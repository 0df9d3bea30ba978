import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { EmptyState, LoadError } from '../../ui/TableStates';
import { PortfolioSubpage } from './components';
import { ErrorsTable } from './ErrorsTable';
import { productName } from './model';
import { PropertyDrawer } from './PropertyDrawer';
import { NoPortfolioChosen, ProductSummary, ResultsHeader, ResultsLoading } from './ResultsPageParts';
import { ResultsTable } from './ResultsTable';
import { RiskDistribution } from './RiskDistribution';
import { loadBookAnalysis, loadResultsMap, usePortfolioResultsPage, type ResultsTab } from './usePortfolioResultsPage';

const ResultsMap = lazy(loadResultsMap);
const BookAnalysis = lazy(loadBookAnalysis);

export default function PortfolioResultsPage() {
  const page = usePortfolioResultsPage();
  const { org, id, valid, tab, setTab, openRow, setOpenRow, metadata, products, product, chooseProduct } = page;
  if (!valid) return <NoPortfolioChosen />;
  if (metadata.isPending) return <ResultsLoading />;
  if (metadata.isError) {
    return (
      <PortfolioSubpage maxWidth={1360}>
        <LoadError what="This portfolio" error={metadata.error} onRetry={() => void metadata.refetch()} />
      </PortfolioSubpage>
    );
  }
  const data = metadata.data;
  const live = product?.status === 'IN_PROGRESS';

  return (
    <PortfolioSubpage maxWidth={1360}>
      <ResultsHeader data={data} products={products} />
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
              onChange={(_, next: string) => chooseProduct(next)}
              sx={{ mb: 2 }}
              aria-label="Product"
            >
              {products.map((p) => (
                <Tab key={p.product} value={p.product} label={productName(p.product)} />
              ))}
            </Tabs>
          )}
          <ProductSummary data={data} product={product} />
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
                live={live}
                onOpen={setOpenRow}
              />
            </Suspense>
          </Paper>
          <Tabs value={tab} onChange={(_, next: ResultsTab) => setTab(next)} sx={{ mb: 2 }}>
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
              live={live}
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
