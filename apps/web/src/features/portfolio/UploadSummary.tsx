import CheckCircle from '@mui/icons-material/CheckCircle';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UploadCheck } from '@zview/contracts';

const n = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US'));

/** The dry run of an uploaded file in plain words: what was recognised and which rows will fail. */
export function UploadSummary({ check, loading }: { check: UploadCheck | undefined; loading: boolean }) {
  if (loading || !check) {
    return (
      <Stack spacing={1} data-testid="check-loading">
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Reading every row of the file…
        </Typography>
        <Skeleton variant="rounded" height={72} />
      </Stack>
    );
  }
  const failing = check.failingRowCount ?? 0;
  return (
    <Stack spacing={2} data-testid="upload-summary">
      <Alert severity={failing ? 'warning' : 'success'} icon={failing ? <WarningAmber /> : <CheckCircle />}>
        {check.summary}
      </Alert>
      <Stack direction="row" spacing={4}>
        <Figure label="Rows in the file" value={n(check.totalRows)} />
        <Figure label="Rows that will be scored" value={n(check.usableRows)} />
        <Figure
          label="Rows that will fail"
          value={n(check.failingRowCount)}
          tone={failing ? 'error.main' : undefined}
        />
        {check.encoding && <Figure label="Text encoding read" value={check.encoding} />}
      </Stack>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Recognised columns
        </Typography>
        {check.recognisedColumns.length ? (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="recognised-columns">
            {check.recognisedColumns.map((c) => (
              <Chip key={c.column} size="small" variant="outlined" label={`${c.column} → ${c.meaning}`} />
            ))}
          </Stack>
        ) : (
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            No address or coordinate columns were recognised.
          </Typography>
        )}
        {check.keptColumns.length > 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            Kept as they are in the export: {check.keptColumns.join(', ')}.
          </Typography>
        )}
      </Box>
      {check.failingRows.length > 0 && (
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Rows that will fail
            {failing > check.failingRows.length ? ` (first ${check.failingRows.length} of ${n(failing)})` : ''}
          </Typography>
          <Box sx={{ maxHeight: 240, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-label="Rows that will fail">
              <TableHead>
                <TableRow>
                  <TableCell>Row</TableCell>
                  <TableCell>Reference</TableCell>
                  <TableCell>Why</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {check.failingRows.map((row) => (
                  <TableRow key={row.rowNumber} data-testid="failing-row">
                    <TableCell>{row.rowNumber}</TableCell>
                    <TableCell>{row.ref ?? '—'}</TableCell>
                    <TableCell>{row.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
      )}
    </Stack>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <Box>
      <Typography variant="h6" sx={{ fontWeight: 700, color: tone }}>
        {value}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
    </Box>
  );
}
