import {
  APPEAL_STATUSES,
  APPEAL_STATUS_LABELS,
  downloadFileName,
  formatLongDate,
  formatLongDateIn,
  STANDARD_PRODUCTS,
  type AppealStatus,
  type ProductKey,
} from '@zview/contracts';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../session/session';
import { PagedTableFooter } from '../../../ui/PagedTableFooter';
import { useAppeals, type AppealListFilters } from '../api/appealsList';
import { StatusChip } from '../components/StatusChip';
import { downloadProtected, productLabel } from '../model';
import { apiPath } from '../../../api/paths';

/** /appeals: the organisation's appeals with their status, property, product, dates and assignee. */
const TIMER_LABELS = { acknowledge: 'Acknowledge', decide: 'Decide', rescore: 'Re-score' } as const;

export default function AppealsListPage() {
  const { permissions } = useSession();
  const [filters, setFilters] = useState<AppealListFilters>({ status: [], page: 1, itemsPerPage: 25 });
  const appeals = useAppeals(filters);
  const [error, setError] = useState<string | null>(null);
  // The server's `appeal:review` for the organisation acted for, not the token's group-admin claim.
  const reviewer = permissions.abilities.appealReview;
  const set = (change: Partial<AppealListFilters>) => setFilters((previous) => ({ ...previous, page: 1, ...change }));

  return (
    <Box sx={{ px: 4, py: 3, maxWidth: 1360, mx: 'auto', width: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            Appeals
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Challenges of property scores, from draft to published score version. Open one from a property's score card.
          </Typography>
        </Box>
        {reviewer && (
          <Stack direction="row" spacing={1}>
            {permissions.abilities.noticesManage && (
              <Button variant="text" component={RouterLink} to="/settings/notices">
                Notice wording
              </Button>
            )}
            <Button
              startIcon={<Download />}
              variant="outlined"
              onClick={() =>
                downloadProtected(
                  apiPath('/caribou/appeals/audit.csv'),
                  downloadFileName('appeals audit', 'csv'),
                ).catch((e: Error) => setError(e.message))
              }
            >
              Export audit trail (CSV)
            </Button>
          </Stack>
        )}
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Status"
          sx={{ minWidth: 220 }}
          value={filters.status}
          onChange={(event) => set({ status: event.target.value as unknown as AppealStatus[] })}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (value) => (value as AppealStatus[]).map((s) => APPEAL_STATUS_LABELS[s]).join(', ') || 'All',
            },
            inputLabel: { shrink: true },
          }}
        >
          {APPEAL_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {APPEAL_STATUS_LABELS[status]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Product"
          sx={{ minWidth: 160 }}
          value={filters.product ?? ''}
          onChange={(event) => set({ product: (event.target.value || undefined) as ProductKey | undefined })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All</MenuItem>
          {STANDARD_PRODUCTS.map((product) => (
            <MenuItem key={product} value={product}>
              {productLabel(product)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox
              checked={filters.overdue === true}
              onChange={(event) => set({ overdue: event.target.checked ? true : undefined })}
            />
          }
          label="Overdue only"
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={filters.sort === 'deadline'}
              onChange={(event) => set({ sort: event.target.checked ? 'deadline' : undefined })}
            />
          }
          label="Nearest deadline first"
        />
      </Stack>
      <Paper variant="outlined">
        {appeals.isPending ? (
          <Skeleton variant="rectangular" height={240} />
        ) : appeals.isError ? (
          <Alert severity="error">{appeals.error.message}</Alert>
        ) : (
          <>
            <Table aria-label="Appeals" size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Appeal</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Property</TableCell>
                  <TableCell>Product</TableCell>
                  <TableCell>Score</TableCell>
                  <TableCell>Opened</TableCell>
                  <TableCell>Deadline</TableCell>
                  <TableCell>Assignee</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {appeals.data.results.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={8} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                      No appeals match these filters.
                    </TableCell>
                  </TableRow>
                )}
                {appeals.data.results.map((appeal) => (
                  <TableRow
                    key={appeal.id}
                    hover
                    data-testid="appeal-row"
                    sx={appeal.overdue || appeal.timers?.next?.overdue ? { bgcolor: '#fdecea' } : undefined}
                  >
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
                        {appeal.timers?.next && (
                          <Chip
                            size="small"
                            variant={appeal.timers.next.overdue ? 'filled' : 'outlined'}
                            color={appeal.timers.next.overdue ? 'error' : 'default'}
                            label={`${TIMER_LABELS[appeal.timers.next.kind]} by ${formatLongDateIn(appeal.timers.next.at, appeal.timers.timeZone)}`}
                            data-testid="next-deadline"
                          />
                        )}
                      </Stack>
                    </TableCell>
                    <TableCell>{appeal.assignee?.name ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <PagedTableFooter
              total={appeals.data.total}
              page={filters.page - 1}
              itemsPerPage={filters.itemsPerPage}
              pageSizes={[25, 50, 100]}
              onPageChange={(page) => setFilters((f) => ({ ...f, page: page + 1 }))}
              onItemsPerPageChange={(itemsPerPage) => setFilters((f) => ({ ...f, itemsPerPage, page: 1 }))}
            />
          </>
        )}
      </Paper>
    </Box>
  );
}
