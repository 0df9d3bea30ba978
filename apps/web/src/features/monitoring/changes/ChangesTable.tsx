import { CHANGE_CAUSE_LABELS, formatLongDate } from '@zview/contracts';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { fetchChanges } from '../api/monitoring';
import { LEVEL, featureText, fmt, fmtDelta, productLabel } from './labels';

/** A table of score changes; a row opens the change (its property, before/after imagery). */
export function ChangesTable({
  rows,
  onOpen,
  testId,
}: {
  rows: NonNullable<Awaited<ReturnType<typeof fetchChanges>>>['changes'];
  onOpen: (id: string) => void;
  testId: string;
}) {
  return (
    <Table size="small" data-testid={testId}>
      <TableHead>
        <TableRow>
          <TableCell>Date</TableCell>
          <TableCell>Row</TableCell>
          <TableCell>Address</TableCell>
          <TableCell>Product</TableCell>
          <TableCell>Score</TableCell>
          <TableCell>Level</TableCell>
          <TableCell>Cause</TableCell>
          <TableCell>Factors that moved</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((c) => (
          <TableRow key={c.id} hover sx={{ cursor: 'pointer' }} onClick={() => onOpen(c.id)}>
            <TableCell>{formatLongDate(c.changedAt)}</TableCell>
            <TableCell>{c.ref ?? c.rowNumber}</TableCell>
            <TableCell>{c.address ?? c.propertyId}</TableCell>
            <TableCell>{productLabel(c.product)}</TableCell>
            <TableCell>
              {fmt(c.oldScore)} → {fmt(c.newScore)} {c.delta !== null && `(${fmtDelta(c.delta)})`}
            </TableCell>
            <TableCell>
              {LEVEL[c.oldLevel]} → {LEVEL[c.newLevel]}
            </TableCell>
            <TableCell>
              {CHANGE_CAUSE_LABELS[c.cause]}{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                {c.causeId}
              </Typography>
              {c.features.length > 0 && (
                <Typography variant="caption" color="text.secondary" display="block" data-testid="cause-features">
                  {featureText(c.features)}
                </Typography>
              )}
            </TableCell>
            <TableCell>
              {c.factors
                .slice(0, 2)
                .map((f) => f.name)
                .join(', ')}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
