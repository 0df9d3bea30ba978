import Alert from '@mui/material/Alert';
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
import Typography from '@mui/material/Typography';
import { RISK_LEVELS, type AccumulationGrouping } from '@zview/contracts';
import { RISK_LEVEL_LABELS } from '../../ui/RiskChip';
import { fetchAggregateFile } from './api/analysis';
import { count, GROUPINGS, usd } from './analysisFormat';
import { DownloadButtons } from './DownloadButtons';
import type { BookSectionProps } from './useBookAnalysis';

/** The areas of most value of the grouping chosen (state, county, ZIP, H3), with their files. */
export function AccumulationAreas({ state, portfolioId, portfolioName, product, byValue }: BookSectionProps) {
  const { by, setBy, areas } = state;
  return (
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
                    {byValue ? usd.format(area.levels[level].value) : count(area.levels[level].count)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {areas.data && areas.data.total > areas.data.areas.length && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          The {areas.data.areas.length} areas of most value of {count(areas.data.total)}; the download holds every one.
        </Typography>
      )}
    </Paper>
  );
}
