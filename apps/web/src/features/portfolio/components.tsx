import type { FileStatus } from '@zview/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RunProgress } from '@zview/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { STATUS_COLORS, statusLabel } from './model';

/** A product's file status with its SPEC label (Uploaded, In Progress, In Review, Processed). */
export function StatusChip({ status }: { status: FileStatus }) {
  const colors = STATUS_COLORS[status];
  return (
    <Chip
      size="small"
      label={statusLabel(status) ?? 'Archived'}
      data-testid="status-chip"
      data-status={status}
      sx={{ fontWeight: 600, color: colors.fg, bgcolor: colors.bg, borderRadius: 1 }}
    />
  );
}

/** Live progress of a run: committed chunks of all chunks. */
export function RunProgressBar({ progress }: { progress: RunProgress | null }) {
  const percent = progress?.percent ?? 0;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 140 }} data-testid="run-progress">
      <LinearProgress
        variant={progress ? 'determinate' : 'indeterminate'}
        value={percent}
        aria-label="Processing progress"
        sx={{ flex: 1, height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" sx={{ color: 'text.secondary', minWidth: 32, textAlign: 'right' }}>
        {progress ? `${percent}%` : '…'}
      </Typography>
    </Stack>
  );
}

/** A page of the portfolio tool below the list: a way back to the portfolios, then the page. */
export function PortfolioSubpage({ maxWidth, children }: { maxWidth: number; children: ReactNode }) {
  return (
    <Box sx={{ p: 4, maxWidth, mx: 'auto', width: '100%' }}>
      <Button
        component={RouterLink}
        to="/zportfolio"
        startIcon={<ArrowBack />}
        color="inherit"
        size="small"
        sx={{ mb: 1 }}
      >
        Portfolios
      </Button>
      {children}
    </Box>
  );
}
