import type { ManualInputs } from '@zview/contracts';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatValue, humanize } from '../../model';

/** The features the appeal changes, with the values it asks for. */
export function ChangedFeaturesCard({ manualInputs }: { manualInputs: ManualInputs }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Changed features
      </Typography>
      <Table size="small" aria-label="Changed features">
        <TableBody>
          {Object.entries(manualInputs).map(([key, value]) => (
            <TableRow key={key}>
              <TableCell sx={{ fontWeight: 600 }}>{humanize(key)}</TableCell>
              <TableCell>{formatValue(value)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
