import { Paper, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { MapStyle } from '@zview/contracts';

const LABELS: Record<MapStyle, string> = { street: 'Street', satellite: 'Satellite' };

/** Street / satellite base map switch. */
export function MapTypeSwitch({ value, onChange }: { value: MapStyle; onChange: (value: MapStyle) => void }) {
  return (
    <Paper elevation={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={value}
        aria-label="Map type"
        onChange={(_e, next: MapStyle | null) => next && onChange(next)}
        sx={{ height: 36, '& .MuiToggleButton-root': { px: 1.5, textTransform: 'none', fontWeight: 600, border: 0 } }}
      >
        {(Object.keys(LABELS) as MapStyle[]).map((style) => (
          <ToggleButton
            key={style}
            value={style}
            // Switching to the street map is tracked as street_view (SPEC §7, click tracking attribute).
            {...(style === 'street' && value !== 'street'
              ? { 'data-analytics-id': 'street_view', 'data-analytics-properties': JSON.stringify({ from: value }) }
              : {})}
          >
            {LABELS[style]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Paper>
  );
}
