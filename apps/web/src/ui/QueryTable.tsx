import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { EmptyState, LoadError, MessageRow } from './TableStates';

/** What QueryTable reads of a TanStack query. */
export interface TableQuery<D> {
  data: D | undefined;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
}

/** A table's header: one bold cell per column label (an empty label for an actions column). */
export function ColumnHeads({ labels }: { labels: string[] }) {
  return (
    <TableHead>
      <TableRow>
        {labels.map((label) => (
          <TableCell key={label} sx={{ fontWeight: 700 }}>
            {label}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

/**
 * A small table of one query's rows: '<what> could not be loaded' with 'Try again' when the query
 * failed, a skeleton while it loads, then the column heads, the rows, and `empty` when there are none.
 */
export function QueryTable<D, R>({
  query,
  what,
  label,
  columns,
  empty,
  rows,
  children,
  footer,
  skeletonHeight = 160,
}: {
  query: TableQuery<D>;
  /** What the rows are, for the load error: 'The users'. */
  what: string;
  /** The table's accessible name. */
  label: string;
  columns: string[];
  /** What an empty table says. */
  empty: string;
  rows(data: D): R[];
  children(row: R): ReactNode;
  /** Below the table (e.g. its PagedTableFooter). */
  footer?(data: D): ReactNode;
  skeletonHeight?: number;
}) {
  if (query.isError) return <LoadError what={what} error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton variant="rounded" height={skeletonHeight} />;
  const list = rows(query.data);
  return (
    <div>
      <Table size="small" aria-label={label}>
        <ColumnHeads labels={columns} />
        <TableBody>
          {list.length === 0 && (
            <MessageRow columns={columns.length}>
              <EmptyState title={empty} />
            </MessageRow>
          )}
          {list.map(children)}
        </TableBody>
      </Table>
      {footer?.(query.data)}
    </div>
  );
}
