import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { fetchMonitoring } from '../api/monitoring';
import { productLabel } from './labels';

type Toggle = (v: { product: string; monitored: boolean; pinned?: boolean }) => void;

/** How far the worker has checked the run's rows it places (the book grows meanwhile). */
function PlacingProgress({ placing }: { placing: { rowsChecked: number; rowsTotal: number } }) {
  const share = placing.rowsTotal > 0 ? Math.min(100, (placing.rowsChecked / placing.rowsTotal) * 100) : 0;
  return (
    <Box sx={{ maxWidth: 320, mt: 0.5 }}>
      <LinearProgress variant="determinate" value={share} aria-label="Rows placed" />
      <Typography variant="caption" color="text.secondary">
        {`${placing.rowsChecked.toLocaleString('en-US')} of ${placing.rowsTotal.toLocaleString('en-US')} rows checked`}
      </Typography>
    </Box>
  );
}

/** Each product of the portfolio: monitored or not, pinned or not, and what a pin means. */
export function MonitoringPanel({
  products,
  states,
  onToggle,
  error,
}: {
  products: { product: string }[];
  states: Awaited<ReturnType<typeof fetchMonitoring>>['products'] | undefined;
  onToggle: Toggle;
  error: Error | null;
}) {
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="subtitle1">Monitoring</Typography>
      <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
        {products.map((p) => {
          const state = states?.find((m) => m.product === p.product);
          return (
            <Box key={p.product}>
              <FormControlLabel
                label={`${productLabel(p.product)} monitored${state ? ` (${state.rows.toLocaleString('en-US')} rows)` : ''}`}
                control={
                  <Switch
                    checked={Boolean(state?.monitored)}
                    onChange={(e) => onToggle({ product: p.product, monitored: e.target.checked })}
                  />
                }
              />
              {state && (
                <FormControlLabel
                  label="Pinned"
                  control={
                    <Switch
                      checked={state.pinned}
                      onChange={(e) => onToggle({ product: p.product, monitored: true, pinned: e.target.checked })}
                    />
                  }
                />
              )}
              {state?.note && (
                <Typography variant="caption" color="text.secondary" display="block">
                  {state.note}
                </Typography>
              )}
              {state?.placing && <PlacingProgress placing={state.placing} />}
            </Box>
          );
        })}
      </Stack>
      {error && <Typography color="error">{error.message}</Typography>}
    </Paper>
  );
}
