import type { FileStatus } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { RunProgress } from '@zview/contracts';
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

/** Skeleton rows of a loading table. */
export function SkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <TableRow key={row} data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, column) => (
            <TableCell key={column}>
              <Skeleton variant="text" width={column === 0 ? '70%' : '50%'} />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

/** A full-width table row with a message (empty list, failed load). */
export function MessageRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ py: 6, textAlign: 'center', borderBottom: 'none' }}>
        {children}
      </TableCell>
    </TableRow>
  );
}

export function EmptyState({ title, hint, action }: { title: string; hint?: ReactNode; action?: ReactNode }) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }} data-testid="empty-state">
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 460 }}>
          {hint}
        </Typography>
      )}
      {action}
    </Stack>
  );
}

export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry?: () => void }) {
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', textAlign: 'left' }}>
      <Alert
        severity="error"
        data-testid="load-error"
        action={
          onRetry && (
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
          )
        }
      >
        {what} could not be loaded. {error instanceof Error ? error.message : ''}
      </Alert>
    </Box>
  );
}
