import { formatLongDate, type PortfolioMetadata } from '@zview/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../ui/TableStates';
import { PortfolioSubpage, RunProgressBar, StatusChip } from './components';
import { ExportAllButton } from './ExportAllButton';
import { productName } from './model';

type Product = PortfolioMetadata['products'][number];

/** The page's own parts: its title and actions, the summary cards, and its empty and loading states. */
export function ResultsHeader({ data, products }: { data: PortfolioMetadata; products: Product[] }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', columnGap: 3, mb: 3 }}>
      <Box sx={{ minWidth: 0 }}>
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
      {/* At a laptop's width the actions wrap as a whole onto a second line, never a label within itself. */}
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', '& > *': { whiteSpace: 'nowrap' } }}
      >
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
  );
}

export function ProductSummary({ data, product }: { data: PortfolioMetadata; product: Product }) {
  const scored = product.riskLevels.low + product.riskLevels.medium + product.riskLevels.high;
  return (
    <>
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
    </>
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

export function NoPortfolioChosen() {
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

export function ResultsLoading() {
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
