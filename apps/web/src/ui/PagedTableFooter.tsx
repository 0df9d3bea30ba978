import TablePagination from '@mui/material/TablePagination';
import { useState } from 'react';

/**
 * The pagination footer of a server-paged table. `page` is zero-based (MUI's), the server's
 * pages start at 1. With `pageSizes`, the user may change the page size, which goes back to the
 * first page; without, the size is fixed (e.g. 25 errors per page, SPEC §7).
 */
export interface PagedTableFooterProps {
  total: number | undefined;
  page: number;
  onPageChange(page: number): void;
  itemsPerPage: number;
  pageSizes?: number[];
  onItemsPerPageChange?(itemsPerPage: number): void;
}

const n = (value: number) => value.toLocaleString('en-US');

export function PagedTableFooter({
  total,
  page,
  onPageChange,
  itemsPerPage,
  pageSizes,
  onItemsPerPageChange,
}: PagedTableFooterProps) {
  const resizable = Boolean(pageSizes?.length && onItemsPerPageChange);
  return (
    <TablePagination
      component="div"
      count={total ?? 0}
      page={page}
      onPageChange={(_, next) => onPageChange(next)}
      rowsPerPage={itemsPerPage}
      labelDisplayedRows={({ from, to, count }) =>
        `${n(from)}–${n(to)} of ${count === -1 ? `more than ${n(to)}` : n(count)}`
      }
      rowsPerPageOptions={resizable ? pageSizes : []}
      onRowsPerPageChange={
        resizable
          ? (event) => {
              onItemsPerPageChange!(Number(event.target.value));
              onPageChange(0);
            }
          : undefined
      }
    />
  );
}

/**
 * A table's own page and page size (zero-based page, as PagedTableFooter takes them): spread into
 * PagedTableFooter; `onPageChange(0)` goes back to the first page when a filter changes.
 */
export function usePaging(initialItemsPerPage: number) {
  const [page, onPageChange] = useState(0);
  const [itemsPerPage, onItemsPerPageChange] = useState(initialItemsPerPage);
  return { page, onPageChange, itemsPerPage, onItemsPerPageChange };
}
