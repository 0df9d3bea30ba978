import { CHANGE_CAUSE_LABELS } from '@zview/contracts';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { fetchChanges } from '../api/monitoring';
import { LEVEL, productLabel } from './labels';
import type { Filters } from './useChangesPage';

/** Counts of the filtered changes by product and level transition, and by cause (a cause filters). */
export function ChangeSummary({
  data,
  set,
}: {
  data: Awaited<ReturnType<typeof fetchChanges>>;
  set: (patch: Partial<Filters>) => void;
}) {
  return (
    <Paper sx={{ p: 2 }} data-testid="change-summary">
      <Typography variant="subtitle1">{data.total.toLocaleString('en-US')} changes</Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', my: 1 }}>
        {data.transitions.map((t) => (
          <Chip
            key={`${t.product}${t.from}${t.to}`}
            label={`${t.count.toLocaleString('en-US')} ${LEVEL[t.from]} → ${LEVEL[t.to]} (${productLabel(t.product)})`}
          />
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {data.byCause.map((c) => (
          <Chip
            key={c.cause}
            variant="outlined"
            label={`${CHANGE_CAUSE_LABELS[c.cause]}: ${c.count.toLocaleString('en-US')}`}
            onClick={() => set({ cause: c.cause })}
          />
        ))}
      </Stack>
    </Paper>
  );
}
