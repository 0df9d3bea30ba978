import { ERRORS_PAGE_SIZE } from '@zview/contracts';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PagedTableFooter } from '../../ui/PagedTableFooter';
import { fetchPortfolioErrors } from './api/errors';
import { portfolioKeys } from './api/keys';
import { EmptyState, LoadError, MessageRow, SkeletonRows } from '../../ui/TableStates';

/** The rows that could not be scored, with the reason in plain words, ERRORS_PAGE_SIZE (25) per page. */
export function ErrorsTable({
  org,
  portfolioId,
  product,
}: {
  org: number | null;
  portfolioId: number;
  product: string;
}) {
  const [page, setPage] = useState(0);
  const errors = useQuery({
    queryKey: portfolioKeys.errors(org, portfolioId, product, page + 1),
    queryFn: ({ signal }) => fetchPortfolioErrors(portfolioId, product, page + 1, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const rows = errors.data?.errors ?? [];
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Rows that could not be scored">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 80 }}>Row</TableCell>
              <TableCell sx={{ width: 160 }}>Reference</TableCell>
              <TableCell>Address</TableCell>
              <TableCell>Why it was not scored</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {errors.isPending ? (
              <SkeletonRows columns={4} rows={6} />
            ) : errors.isError ? (
              <MessageRow columns={4}>
                <LoadError what="The errors" error={errors.error} onRetry={() => void errors.refetch()} />
              </MessageRow>
            ) : rows.length === 0 ? (
              <MessageRow columns={4}>
                <EmptyState title="No errors" hint="Every row of this product was scored." />
              </MessageRow>
            ) : (
              rows.map((row) => (
                <TableRow key={row.rowNumber} data-testid="error-row">
                  <TableCell>{row.rowNumber}</TableCell>
                  <TableCell>{row.ref ?? '—'}</TableCell>
                  <TableCell>{row.address || '—'}</TableCell>
                  <TableCell sx={{ color: 'error.dark' }}>{row.reason}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <PagedTableFooter total={errors.data?.total} page={page} onPageChange={setPage} itemsPerPage={ERRORS_PAGE_SIZE} />
    </Paper>
  );
}
