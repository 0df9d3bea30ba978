import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
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
import { RISK_LEVEL_LABELS } from '../../ui/RiskChip';
import { fetchAggregateFile } from './api/analysis';
import { count, TOP_RINGS, usd } from './analysisFormat';
import { DownloadButtons } from './DownloadButtons';
import type { BookAnalysisState, BookSectionProps } from './useBookAnalysis';

const ringRadius = (radius: number) => (radius === 1000 ? '1 km' : `${radius} m`);

/** The top rings of the chosen radius; a click chooses one (its circle and rows on the map). */
export function RingList({ state, portfolioId, portfolioName, product, byValue }: BookSectionProps) {
  const { rings, radius, chooseRadius, ring, setRing } = state;
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }} data-testid="ring-list">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
          Top {TOP_RINGS} accumulations within
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={radius}
          onChange={(_, next: number | null) => next && chooseRadius(next)}
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
                <TableCell align="right">High-risk rows</TableCell>
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
  );
}

/** The rows of the ring chosen, under the map. */
export function RingRowsPanel({ state }: { state: BookAnalysisState }) {
  const { ring, ringRows } = state;
  if (!ring) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 1 }} data-testid="ring-rows">
      <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
        Ring {ring.rank}: {ringRows.data ? count(ringRows.data.total) : '…'} rows within {ringRadius(ring.radius)}
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
                <TableCell>{row.address ?? `${row.latitude.toFixed(5)}, ${row.longitude.toFixed(5)}`}</TableCell>
                <TableCell align="right">{row.value === null ? '—' : usd.format(row.value)}</TableCell>
                <TableCell>{row.riskLevel ? RISK_LEVEL_LABELS[row.riskLevel as never] : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
