import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { saveBlob } from '../../../ui/saveBlob';
import { fetchDiff, fetchDiffFile, monitoringKeys } from '../api/monitoring';
import { LEVEL, productLabel } from './labels';

/** The diff of two runs of a product, or a run and now: its summary and its export as CSV or XLSX. */
export function DiffPanel({
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
