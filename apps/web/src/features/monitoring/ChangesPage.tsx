import {
  CHANGE_CAUSE_LABELS,
  CHANGE_CAUSES,
  PORTFOLIO_PRODUCTS,
  PRODUCT_DISPLAY_NAMES,
  formatLongDate,
  type ChangesQuery,
  type ProductKey,
} from '@zview/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { saveBlob } from '../../ui/saveBlob';
import { ChangeDrawer } from './ChangeDrawer';
import {
  fetchChanges,
  fetchDiff,
  fetchDiffFile,
  fetchMonitoring,
  fetchPortfolio,
  monitoringKeys,
  setMonitoring,
} from './api/monitoring';
import { DateField } from '../../ui/DateField';

const LEVEL: Record<string, string> = { low: 'Low', medium: 'Medium', high: 'High', none: 'None' };
const fmt = (n: number | null) => (n === null ? '–' : n.toLocaleString('en-US', { maximumFractionDigits: 1 }));

/** Products as the rest of the app names them (Z-FIRE), not by their keys. */
const productLabel = (product: string) => PRODUCT_DISPLAY_NAMES[product as ProductKey] ?? product;

type Filters = Pick<ChangesQuery, 'cause' | 'product' | 'level' | 'from' | 'to'>;

/** /zportfolio/changes?portfolio=ID: what changed in a monitored book, why, and the diff of its runs (issue 41). */
export default function ChangesPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('portfolio'));
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
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(0);
  };
  if (!(id > 0)) return <Typography sx={{ p: 3 }}>Choose a portfolio to see its changes.</Typography>;
  const data = changes.data;
  return (
    <Box sx={{ p: 3, display: 'grid', gap: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          Changes · {portfolio.data?.name ?? ''}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={`/zportfolio/results?id=${id}`}>
            Portfolio
          </Button>
          <Button component={RouterLink} to={`/zportfolio/alerts?portfolio=${id}`}>
            Alerts & webhooks
          </Button>
        </Stack>
      </Stack>
      <Paper sx={{ p: 2 }}>
        <Typography variant="subtitle1">Monitoring</Typography>
        <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
          {portfolio.data?.products.map((p) => {
            const state = monitoring.data?.products.find((m) => m.product === p.product);
            return (
              <Box key={p.product}>
                <FormControlLabel
                  label={`${productLabel(p.product)} monitored${state ? ` (${state.rows.toLocaleString('en-US')} rows)` : ''}`}
                  control={
                    <Switch
                      checked={Boolean(state?.monitored)}
                      onChange={(e) => toggle.mutate({ product: p.product, monitored: e.target.checked })}
                    />
                  }
                />
                {state && (
                  <FormControlLabel
                    label="Pinned"
                    control={
                      <Switch
                        checked={state.pinned}
                        onChange={(e) =>
                          toggle.mutate({ product: p.product, monitored: true, pinned: e.target.checked })
                        }
                      />
                    }
                  />
                )}
                {state?.note && (
                  <Typography variant="caption" color="text.secondary" display="block">
                    {state.note}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Stack>
        {toggle.error && <Typography color="error">{toggle.error.message}</Typography>}
      </Paper>

      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Cause"
          value={filters.cause ?? ''}
          onChange={(e) => set({ cause: (e.target.value || undefined) as Filters['cause'] })}
          sx={{ minWidth: 170 }}
        >
          <MenuItem value="">All causes</MenuItem>
          {CHANGE_CAUSES.map((c) => (
            <MenuItem key={c} value={c}>
              {CHANGE_CAUSE_LABELS[c]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Product"
          value={filters.product ?? ''}
          onChange={(e) => set({ product: (e.target.value || undefined) as Filters['product'] })}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">All products</MenuItem>
          {PORTFOLIO_PRODUCTS.map((p) => (
            <MenuItem key={p} value={p}>
              {productLabel(p)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Level"
          value={filters.level ?? ''}
          onChange={(e) => set({ level: (e.target.value || undefined) as Filters['level'] })}
          sx={{ minWidth: 120 }}
        >
          <MenuItem value="">Any level</MenuItem>
          {Object.entries(LEVEL).map(([k, v]) => (
            <MenuItem key={k} value={k}>
              {v}
            </MenuItem>
          ))}
        </TextField>
        <DateField
          size="small"
          label="From"
          value={filters.from ?? ''}
          onChange={(e) => set({ from: e.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <DateField
          size="small"
          label="To"
          value={filters.to ?? ''}
          onChange={(e) => set({ to: e.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>

      {data && (
        <Paper sx={{ p: 2 }} data-testid="change-summary">
          <Typography variant="subtitle1">{data.total.toLocaleString('en-US')} changes</Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', my: 1 }}>
            {data.transitions.map((t) => (
              <Chip
                key={`${t.product}${t.from}${t.to}`}
                label={`${t.count.toLocaleString('en-US')} ${LEVEL[t.from]} → ${LEVEL[t.to]} (${productLabel(t.product)})`}
              />
            ))}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {data.byCause.map((c) => (
              <Chip
                key={c.cause}
                variant="outlined"
                label={`${CHANGE_CAUSE_LABELS[c.cause]}: ${c.count.toLocaleString('en-US')}`}
                onClick={() => set({ cause: c.cause })}
              />
            ))}
          </Stack>
        </Paper>
      )}

      {data && data.topMovers.length > 0 && (
        <Paper sx={{ p: 2 }}>
          <Typography variant="subtitle1">Top movers</Typography>
          <ChangesTable rows={data.topMovers} onOpen={setOpen} testId="top-movers" />
        </Paper>
      )}

      {data && (
        <Paper sx={{ p: 2 }}>
          <Typography variant="subtitle1">All changes</Typography>
          <ChangesTable rows={data.changes} onOpen={setOpen} testId="changes" />
          <TablePagination
            component="div"
            count={data.total}
            page={page}
            rowsPerPage={25}
            rowsPerPageOptions={[25]}
            onPageChange={(_, p) => setPage(p)}
          />
        </Paper>
      )}

      {portfolio.data && <DiffPanel portfolioId={id} products={portfolio.data.products} />}
      <ChangeDrawer portfolioId={id} changeId={open} onClose={() => setOpen(null)} />
    </Box>
  );
}

function ChangesTable({
  rows,
  onOpen,
  testId,
}: {
  rows: NonNullable<Awaited<ReturnType<typeof fetchChanges>>>['changes'];
  onOpen: (id: string) => void;
  testId: string;
}) {
  return (
    <Table size="small" data-testid={testId}>
      <TableHead>
        <TableRow>
          <TableCell>Date</TableCell>
          <TableCell>Row</TableCell>
          <TableCell>Address</TableCell>
          <TableCell>Product</TableCell>
          <TableCell>Score</TableCell>
          <TableCell>Level</TableCell>
          <TableCell>Cause</TableCell>
          <TableCell>Factors that moved</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((c) => (
          <TableRow key={c.id} hover sx={{ cursor: 'pointer' }} onClick={() => onOpen(c.id)}>
            <TableCell>{formatLongDate(c.changedAt)}</TableCell>
            <TableCell>{c.ref ?? c.rowNumber}</TableCell>
            <TableCell>{c.address ?? c.propertyId}</TableCell>
            <TableCell>{productLabel(c.product)}</TableCell>
            <TableCell>
              {fmt(c.oldScore)} → {fmt(c.newScore)} {c.delta !== null && `(${c.delta > 0 ? '+' : ''}${fmt(c.delta)})`}
            </TableCell>
            <TableCell>
              {LEVEL[c.oldLevel]} → {LEVEL[c.newLevel]}
            </TableCell>
            <TableCell>
              {CHANGE_CAUSE_LABELS[c.cause]}{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                {c.causeId}
              </Typography>
            </TableCell>
            <TableCell>
              {c.factors
                .slice(0, 2)
                .map((f) => f.name)
                .join(', ')}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function DiffPanel({
  portfolioId,
  products,
}: {
  portfolioId: number;
  products: { product: string; runs: { runId: number; completedAt: string | null }[] }[];
}) {
  const [product, setProduct] = useState(products[0]?.product ?? 'zfire');
  const runs = (products.find((p) => p.product === product)?.runs ?? []).filter((r) => r.completedAt);
  const [from, setFrom] = useState<number | ''>('');
  const [to, setTo] = useState<number | 'now'>('now');
  const fromRun = from === '' ? runs[0]?.runId : from;
  const diff = useQuery({
    queryKey: monitoringKeys.diff(portfolioId, product, fromRun ?? 0, to),
    queryFn: () => fetchDiff(portfolioId, product, fromRun!, to),
    enabled: fromRun !== undefined && fromRun !== to,
  });
  const download = useMutation({
    mutationFn: async (format: 'csv' | 'xlsx') => {
      const blob = await fetchDiffFile(portfolioId, product, fromRun!, to, format);
      saveBlob(blob, `portfolio_${portfolioId}_${product}_diff_${fromRun}_${to}.${format}`);
    },
  });
  return (
    <Paper sx={{ p: 2 }} data-testid="diff-panel">
      <Typography variant="subtitle1">Diff of runs</Typography>
      <Stack direction="row" spacing={2} sx={{ my: 1 }}>
        <TextField
          select
          size="small"
          label="Product"
          value={product}
          onChange={(e) => setProduct(e.target.value)}
          sx={{ minWidth: 120 }}
        >
          {products.map((p) => (
            <MenuItem key={p.product} value={p.product}>
              {productLabel(p.product)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="From run"
          value={fromRun ?? ''}
          onChange={(e) => setFrom(Number(e.target.value))}
          sx={{ minWidth: 140 }}
        >
          {runs.map((r) => (
            <MenuItem key={r.runId} value={r.runId}>
              Run {r.runId}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="To"
          value={to}
          onChange={(e) => setTo(e.target.value === 'now' ? 'now' : Number(e.target.value))}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="now">Now</MenuItem>
          {runs.map((r) => (
            <MenuItem key={r.runId} value={r.runId}>
              Run {r.runId}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" disabled={!diff.data} onClick={() => download.mutate('csv')}>
          Export CSV
        </Button>
        <Button variant="outlined" disabled={!diff.data} onClick={() => download.mutate('xlsx')}>
          Export XLSX
        </Button>
      </Stack>
      {diff.data && (
        <Typography variant="body2" data-testid="diff-summary">
          {diff.data.changed.toLocaleString('en-US')} of {diff.data.rows.toLocaleString('en-US')} rows changed
          {diff.data.meanDelta !== null
            ? ` (mean ${diff.data.meanDelta > 0 ? '+' : ''}${diff.data.meanDelta} points)`
            : ''}
          {diff.data.transitions.length > 0 &&
            `: ${diff.data.transitions
              .filter((t) => t.from !== t.to)
              .map((t) => `${t.count.toLocaleString('en-US')} ${LEVEL[t.from]} → ${LEVEL[t.to]}`)
              .join(', ')}`}
        </Typography>
      )}
      {download.error && <Typography color="error">{download.error.message}</Typography>}
    </Paper>
  );
}
