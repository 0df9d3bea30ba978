import { formatLongDate, formatLongDateIn, type AppealListResponse } from '@zview/contracts';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import { productLabel } from '../model';
import { StatusChip } from './StatusChip';

type AppealRowData = AppealListResponse['results'][number];

const TIMER_LABELS = { acknowledge: 'Acknowledge', decide: 'Decide', rescore: 'Re-score' } as const;
const COLUMNS = ['Appeal', 'Status', 'Property', 'Product', 'Score', 'Opened', 'Deadline', 'Assignee'];

/** The appeals of one page: status, property, product, score change, dates, the next statutory deadline, assignee. */
export function AppealsTable({ appeals }: { appeals: AppealRowData[] }) {
  return (
    <Table aria-label="Appeals" size="small">
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableCell key={column}>{column}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {appeals.length === 0 && (
          <TableRow>
            <TableCell colSpan={COLUMNS.length} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
              No appeals match these filters.
            </TableCell>
          </TableRow>
        )}
        {appeals.map((appeal) => (
          <AppealRow key={appeal.id} appeal={appeal} />
        ))}
      </TableBody>
    </Table>
  );
}

function AppealRow({ appeal }: { appeal: AppealRowData }) {
  const next = appeal.timers?.next;
  return (
    <TableRow hover data-testid="appeal-row" sx={appeal.overdue || next?.overdue ? { bgcolor: '#fdecea' } : undefined}>
      <TableCell>
        <Link component={RouterLink} to={`/appeals/${appeal.id}`} sx={{ fontWeight: 700 }}>
          #{appeal.id}
        </Link>
      </TableCell>
      <TableCell>
        <StatusChip status={appeal.status} />
      </TableCell>
      <TableCell sx={{ maxWidth: 320 }}>{appeal.address ?? appeal.propertyId}</TableCell>
      <TableCell>{productLabel(appeal.product)}</TableCell>
      <TableCell>
        {appeal.scoreBefore?.toFixed(1) ?? '—'}
        {appeal.scoreAfter !== null && ` → ${appeal.scoreAfter.toFixed(1)}`}
      </TableCell>
      <TableCell>{formatLongDate(appeal.openedAt)}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{formatLongDate(appeal.deadlineAt)}</span>
          {appeal.overdue && <Chip size="small" color="error" label="Overdue" data-testid="overdue" />}
          {next && (
            <Chip
              size="small"
              variant={next.overdue ? 'filled' : 'outlined'}
              color={next.overdue ? 'error' : 'default'}
              label={`${TIMER_LABELS[next.kind]} by ${formatLongDateIn(next.at, appeal.timers!.timeZone)}`}
              data-testid="next-deadline"
            />
          )}
        </Stack>
      </TableCell>
      <TableCell>{appeal.assignee?.name ?? '—'}</TableCell>
    </TableRow>
  );
}
