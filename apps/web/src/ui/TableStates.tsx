import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The states every data table shows around its rows: loading (SkeletonRows), nothing to list
 * (MessageRow + EmptyState) and a failed load (LoadError, with 'Try again').
 */

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

/** What an empty list says, with an optional hint and action. */
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

/** A failed load: what could not be loaded, why, and 'Try again' when the caller can retry. */
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
