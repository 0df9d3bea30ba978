import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';

/** A column of a sortable table: its label, the sort it stands for (null: not sortable), its alignment. */
export interface SortableColumn<K extends string> {
  label: string;
  key: K | null;
  align?: 'right';
}

/**
 * The head of a server-sorted table: a sortable column shows a sort label that shows (and, clicked,
 * asks for) its order; the others their plain label. The active column carries aria-sort.
 */
export function SortableHeads<K extends string>({
  columns,
  sort,
  direction,
  onSort,
  firstDirection = 'asc',
  bold = false,
}: {
  columns: SortableColumn<K>[];
  /** The column the table is sorted by. */
  sort: K;
  direction: 'asc' | 'desc';
  onSort(key: K): void;
  /** The direction a column shows before it is sorted by. */
  firstDirection?: 'asc' | 'desc';
  bold?: boolean;
}) {
  return (
    <TableHead>
      <TableRow>
        {columns.map(({ label, key, align }) => {
          const active = key !== null && sort === key;
          return (
            <TableCell
              key={label}
              align={align}
              sx={bold ? { fontWeight: 700 } : undefined}
              sortDirection={active ? direction : false}
            >
              {key === null ? (
                label
              ) : (
                <TableSortLabel
                  active={active}
                  direction={active ? direction : firstDirection}
                  onClick={() => onSort(key)}
                >
                  {label}
                </TableSortLabel>
              )}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}
