import { MESSAGES } from '@zview/contracts';
import {
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../ui/TableStates';

export interface BillingColumn<Row> {
  key: string;
  label: string;
  /** The cell as shown (counts grouped with 0 as '-', dates MM/DD/YYYY). */
  cell: (row: Row) => string;
  /** The value written to the CSV download (raw numbers). */
  csv?: (row: Row) => string | number;
  numeric?: boolean;
  /** Kept on one line, as the score cards keep a product name: 'Z-PROPERTY' never breaks at its hyphen. */
  noWrap?: boolean;
}

/** One report table: title with its actions, SPEC's column labels, and the empty state. */
export function BillingTable<Row>(props: {
  id: string;
  title: string;
  columns: BillingColumn<Row>[];
  rows: Row[];
  empty: { text: string; advice?: string };
  actions?: ReactNode;
}) {
  const { id, title, columns, rows, empty, actions } = props;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-title`}
      className="billing-section"
      sx={{ mb: 3 }}
    >
      <Stack
        direction="row"
        alignItems="center"
        justifyContent="space-between"
        sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography id={`${id}-title`} variant="subtitle1" component="h2" sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
          {title}
        </Typography>
        <Stack direction="row" spacing={1} className="billing-no-print">
          {actions}
        </Stack>
      </Stack>
      {rows.length === 0 ? (
        <Box sx={{ p: 4 }} data-testid={`${id}-empty`}>
          <EmptyState title={empty.text} hint={empty.advice} />
        </Box>
      ) : (
        // MUI's TableContainer scrolls sideways itself: a table wider than the page never widens the page.
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell
                    key={column.key}
                    align={column.numeric ? 'right' : 'left'}
                    sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
                  >
                    {column.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={index} hover>
                  {columns.map((column) => (
                    <TableCell
                      key={column.key}
                      align={column.numeric ? 'right' : 'left'}
                      sx={{
                        fontVariantNumeric: column.numeric ? 'tabular-nums' : undefined,
                        whiteSpace: column.noWrap ? 'nowrap' : undefined,
                      }}
                    >
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

export const NO_RESULTS = { text: MESSAGES.billingNoResults, advice: MESSAGES.billingNoResultsAdvice };
export const NO_SUBMISSIONS = { text: MESSAGES.billingNoSubmissions };
