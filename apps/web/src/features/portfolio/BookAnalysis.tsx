import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useMutation, useQuery } from '@tanstack/react-query';
import { downloadFileName, RISK_LEVELS, type AccumulationGrouping, type Ring } from '@zview/contracts';
import { lazy, Suspense, useState } from 'react';
import { RISK_LEVEL_COLORS, RISK_LEVEL_LABELS } from '../../ui/RiskChip';
import { useNotifications } from '../../ui/notifications';
import { saveBlob } from '../../ui/saveBlob';
import { fetchAccumulation, fetchAggregateFile, fetchDashboard, fetchRingRows, fetchRings } from './api/analysis';
import { productName } from './model';

const AccumulationMap = lazy(() => import('./AccumulationMap'));

/**
 * The book dashboard (issue 43): score distribution per product, value by risk level, where the
 * value is (hexagons, areas) and its largest concentrations within a ring; a ring's rows on the map.
 */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const count = (n: number) => n.toLocaleString('en-US');

const GROUPINGS: { value: AccumulationGrouping; label: string }[] = [
  { value: 'state', label: 'State' },
  { value: 'county', label: 'County' },
  { value: 'zip', label: 'ZIP code' },
  { value: 'h3_5', label: 'H3 cell (res. 5, ~250 km²)' },
  { value: 'h3_7', label: 'H3 cell (res. 7, ~5 km²)' },
  { value: 'h3_9', label: 'H3 cell (res. 9, ~0.1 km²)' },
];

export const TOP_RINGS = 20;

function DownloadButtons({ fetchFile, name }: { fetchFile: (format: 'csv' | 'xlsx') => Promise<Blob>; name: string }) {
  const { notify } = useNotifications();
  const download = useMutation({
    mutationFn: (format: 'csv' | 'xlsx') => fetchFile(format).then((blob) => ({ blob, format })),
    onSuccess: ({ blob, format }) => saveBlob(blob, downloadFileName(name, format)),
    onError: (error) => notify({ text: `The file could not be downloaded. ${error.message}`, variant: 'error' }),
  });
  return (
    <Stack direction="row" spacing={1}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          size="small"
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          loading={download.isPending && download.variables === format}
          onClick={() => download.mutate(format)}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </Stack>
  );
}

/** In place of a chart with nothing in it (an axis of zeros reads as data). */
function NothingToChart({ children }: { children: React.ReactNode }) {
  return (
    <Box
      sx={{ height: 240, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2 }}
      data-testid="nothing-to-chart"
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
        {children}
      </Typography>
    </Box>
  );
}

export default function BookAnalysis({
  portfolioId,
  portfolioName,
  product,
}: {
  portfolioId: number;
  portfolioName: string;
  product: string;
}) {
  const [by, setBy] = useState<AccumulationGrouping>('state');
  const [radius, setRadius] = useState(1000);
  const [ring, setRing] = useState<Ring | null>(null);
  const dashboard = useQuery({
    queryKey: ['portfolio', portfolioId, 'dashboard'],
    queryFn: ({ signal }) => fetchDashboard(portfolioId, signal),
    retry: false,
  });
  const areas = useQuery({
    queryKey: ['portfolio', portfolioId, 'accumulation', product, by],
    queryFn: ({ signal }) => fetchAccumulation(portfolioId, { product, by, page: 1, itemsPerPage: 20 }, signal),
    enabled: dashboard.isSuccess,
    retry: false,
  });
  const rings = useQuery({
    queryKey: ['portfolio', portfolioId, 'rings', product, radius],
    queryFn: ({ signal }) => fetchRings(portfolioId, { product, radius, limit: TOP_RINGS }, signal),
    enabled: dashboard.isSuccess,
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

  if (dashboard.isPending) return <Skeleton variant="rounded" height={320} data-testid="book-analysis-loading" />;
  if (dashboard.isError) return <Alert severity="info">{dashboard.error.message}</Alert>;
  const data = dashboard.data;
  const byValue = data.hasValue;
  const scored = data.products.filter((p) => p.runId !== null);
  const current = scored.find((p) => p.product === product) ?? scored[0];
  const figure = (value: number) => (byValue ? usd.format(value) : count(value));
  const scoredRows = scored.reduce((sum, p) => sum + p.scoreBands.reduce((n, b) => n + b.count, 0), 0);
  const levelTotal = current
    ? RISK_LEVELS.reduce((sum, level) => sum + (byValue ? current.levels[level].value : current.levels[level].count), 0)
    : 0;

  return (
    <Stack spacing={3} data-testid="book-analysis">
      <Stack direction="row" spacing={4}>
        <Box>
          <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid="book-total-value">
            {byValue ? usd.format(data.totalValue) : '—'}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Total insured value of located rows
          </Typography>
        </Box>
        <Box>
          <Typography variant="h5" sx={{ fontWeight: 700 }}>
            {count(data.totalCount)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Rows in the book
          </Typography>
        </Box>
      </Stack>
      {!byValue && (
        <Alert severity="info">
          No value column was mapped in this file, so concentrations are ranked by the number of rows.
        </Alert>
      )}
      <Stack direction="row" spacing={2}>
        <Paper variant="outlined" sx={{ p: 2, flex: 1 }} data-testid="score-distribution">
          <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
            Score distribution
          </Typography>
          {scoredRows === 0 ? (
            <NothingToChart>No row of this book has a score, so there is no distribution to chart.</NothingToChart>
          ) : (
            <BarChart
              height={240}
              xAxis={[
                {
                  scaleType: 'band',
                  data: (scored[0]?.scoreBands ?? []).map((b) => `${b.from}–${b.to}`),
                  label: 'Score',
                },
              ]}
              // Rows are whole: no "0.25" ticks on a small book.
              yAxis={[{ tickMinStep: 1, valueFormatter: (v: number) => count(v), width: 56 }]}
              series={scored.map((p) => ({ data: p.scoreBands.map((b) => b.count), label: productName(p.product) }))}
            />
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, flex: 1 }} data-testid="value-by-level">
          <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
            {byValue ? 'Insured value' : 'Rows'} by risk level ({current ? productName(current.product) : '—'})
          </Typography>
          {levelTotal === 0 ? (
            <NothingToChart>
              {byValue ? 'No located row has an insured value' : 'No row is located'}, so there is nothing to chart.
            </NothingToChart>
          ) : (
            <BarChart
              height={240}
              xAxis={[
                {
                  scaleType: 'band',
                  data: RISK_LEVELS.map((level) => RISK_LEVEL_LABELS[level]),
                  // Each bar in its level's colour (a series' colours would paint every bar the first).
                  colorMap: {
                    type: 'ordinal',
                    values: RISK_LEVELS.map((level) => RISK_LEVEL_LABELS[level]),
                    colors: RISK_LEVELS.map((level) => RISK_LEVEL_COLORS[level].fg),
                  },
                },
              ]}
              yAxis={[{ valueFormatter: (v: number) => (byValue ? compactUsd.format(v) : count(v)), width: 64 }]}
              series={[
                {
                  data: RISK_LEVELS.map((level) =>
                    current ? (byValue ? current.levels[level].value : current.levels[level].count) : 0,
                  ),
                  label: byValue ? 'Insured value' : 'Rows',
                  valueFormatter: (v) => (v === null ? '' : figure(v)),
                },
              ]}
              hideLegend
            />
          )}
        </Paper>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }} data-testid="ring-list">
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
              Top {TOP_RINGS} accumulations within
            </Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={radius}
              onChange={(_, next: number | null) => {
                if (next) {
                  setRadius(next);
                  setRing(null);
                }
              }}
              aria-label="Ring radius"
            >
              <ToggleButton value={250}>250 m</ToggleButton>
              <ToggleButton value={1000}>1 km</ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          {rings.isPending ? (
            <Skeleton variant="rounded" height={200} />
          ) : rings.isError ? (
            <Alert severity="warning">{rings.error.message}</Alert>
          ) : (
            <Box sx={{ maxHeight: 420, overflow: 'auto' }}>
              <Table size="small" stickyHeader aria-label="Largest accumulations">
                <TableHead>
                  <TableRow>
                    <TableCell>#</TableCell>
                    <TableCell>Centre</TableCell>
                    <TableCell align="right">Rows</TableCell>
                    <TableCell align="right">Value</TableCell>
                    <TableCell align="right">High risk</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rings.data.rings.map((r) => (
                    <TableRow
                      key={r.rank}
                      hover
                      selected={ring?.rank === r.rank && ring.radius === r.radius}
                      onClick={() => setRing(r)}
                      sx={{ cursor: 'pointer' }}
                      data-testid="ring-row"
                    >
                      <TableCell>{r.rank}</TableCell>
                      <TableCell>
                        {r.latitude.toFixed(4)}, {r.longitude.toFixed(4)}
                      </TableCell>
                      <TableCell align="right">{count(r.count)}</TableCell>
                      <TableCell align="right">{byValue ? usd.format(r.value) : '—'}</TableCell>
                      <TableCell align="right">{count(r.high)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          <Box sx={{ mt: 1 }}>
            <DownloadButtons
              name={`${portfolioName} rings ${radius} m`}
              fetchFile={(format) => fetchAggregateFile(portfolioId, { kind: 'rings', product, radius }, format)}
            />
          </Box>
        </Paper>
        <Box sx={{ flex: 1.3, minWidth: 0 }}>
          <Suspense fallback={<Skeleton variant="rounded" height={420} />}>
            <AccumulationMap dashboard={data} ring={ring} ringRows={ringRows.data?.rows ?? []} />
          </Suspense>
          {ring && (
            <Paper variant="outlined" sx={{ p: 2, mt: 1 }} data-testid="ring-rows">
              <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
                Ring {ring.rank}: {ringRows.data ? count(ringRows.data.total) : '…'} rows within{' '}
                {ring.radius === 1000 ? '1 km' : `${ring.radius} m`}
              </Typography>
              <Box sx={{ maxHeight: 200, overflow: 'auto' }}>
                <Table size="small" aria-label="Rows in the ring">
                  <TableHead>
                    <TableRow>
                      <TableCell>Row</TableCell>
                      <TableCell>Reference</TableCell>
                      <TableCell>Address</TableCell>
                      <TableCell align="right">Value</TableCell>
                      <TableCell>Risk</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {(ringRows.data?.rows ?? []).map((row) => (
                      <TableRow key={row.rowNumber} data-testid="ring-member">
                        <TableCell>{row.rowNumber}</TableCell>
                        <TableCell>{row.ref ?? '—'}</TableCell>
                        <TableCell>
                          {row.address ?? `${row.latitude.toFixed(5)}, ${row.longitude.toFixed(5)}`}
                        </TableCell>
                        <TableCell align="right">{row.value === null ? '—' : usd.format(row.value)}</TableCell>
                        <TableCell>{row.riskLevel ? RISK_LEVEL_LABELS[row.riskLevel as never] : '—'}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </Paper>
          )}
        </Box>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="accumulation-areas">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
              Accumulation by
            </Typography>
            <Select
              size="small"
              value={by}
              onChange={(event) => setBy(event.target.value as AccumulationGrouping)}
              inputProps={{ 'aria-label': 'Accumulate by' }}
            >
              {GROUPINGS.map((g) => (
                <MenuItem key={g.value} value={g.value}>
                  {g.label}
                </MenuItem>
              ))}
            </Select>
          </Stack>
          <DownloadButtons
            name={`${portfolioName} accumulation by ${by}`}
            fetchFile={(format) => fetchAggregateFile(portfolioId, { kind: 'areas', product, by }, format)}
          />
        </Stack>
        {areas.isPending ? (
          <Skeleton variant="rounded" height={160} />
        ) : areas.isError ? (
          <Alert severity="warning">{areas.error.message}</Alert>
        ) : (
          <Table size="small" aria-label="Accumulation by area">
            <TableHead>
              <TableRow>
                <TableCell>{GROUPINGS.find((g) => g.value === by)!.label}</TableCell>
                <TableCell align="right">Rows</TableCell>
                <TableCell align="right">Value</TableCell>
                {RISK_LEVELS.map((level) => (
                  <TableCell key={level} align="right">
                    {RISK_LEVEL_LABELS[level]}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {areas.data.areas.map((area) => (
                <TableRow key={area.key} data-testid="area-row">
                  <TableCell>{area.key}</TableCell>
                  <TableCell align="right">{count(area.count)}</TableCell>
                  <TableCell align="right">{byValue ? usd.format(area.value) : '—'}</TableCell>
                  {RISK_LEVELS.map((level) => (
                    <TableCell key={level} align="right">
                      {byValue ? figure(area.levels[level].value) : count(area.levels[level].count)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {areas.data && areas.data.total > areas.data.areas.length && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            The {areas.data.areas.length} areas of most value of {count(areas.data.total)}; the download holds every
            one.
          </Typography>
        )}
      </Paper>
    </Stack>
  );
}
