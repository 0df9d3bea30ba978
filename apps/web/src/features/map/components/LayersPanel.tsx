import CloseIcon from '@mui/icons-material/Close';
import LayersIcon from '@mui/icons-material/Layers';
import { Box, Button, Divider, FormControlLabel, IconButton, Paper, Switch, Typography } from '@mui/material';
import { MAP_LAYER_LABELS } from '@zview/contracts';
import { useId, useState } from 'react';
import type { LayersState } from '../model/layers';
import type { ToggleableLayer } from '../types';

/** The layers button and its panel of toggles with a Reset that turns them all on (SPEC §4). */
export function LayersPanel({
  state,
  onToggle,
  onReset,
  defaultOpen = false,
  open: openProp,
  onOpenChange,
}: {
  state: LayersState;
  onToggle: (layer: ToggleableLayer) => void;
  onReset: () => void;
  defaultOpen?: boolean;
  /** Controlled open state (the map closes the panel while it asks about the pin). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [openState, setOpenState] = useState(defaultOpen);
  const open = openProp ?? openState;
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };
  const panelId = useId();
  if (state.listed.length === 0) return null;
  return (
    <Box sx={{ position: 'relative' }}>
      <Paper elevation={2}>
        <Button
          size="small"
          color="inherit"
          startIcon={<LayersIcon fontSize="small" />}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          sx={{ height: 36, px: 1.5, textTransform: 'none', fontWeight: 600 }}
        >
          Layers
        </Button>
      </Paper>
      {open && (
        <Paper
          id={panelId}
          role="region"
          aria-label="Map layers"
          elevation={4}
          sx={{ position: 'absolute', top: 44, left: 0, width: 248, py: 1 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, pb: 0.5 }}>
            <Typography variant="overline" sx={{ fontWeight: 700, letterSpacing: 1, color: 'text.secondary' }}>
              Map layers
            </Typography>
            <IconButton size="small" aria-label="Close layers" onClick={() => setOpen(false)} edge="end">
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
          {state.listed.map((layer) => (
            <FormControlLabel
              key={layer}
              labelPlacement="start"
              label={MAP_LAYER_LABELS[layer]}
              control={<Switch size="small" checked={state.active[layer]} onChange={() => onToggle(layer)} />}
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                mx: 0,
                px: 2,
                py: 0.25,
                '& .MuiFormControlLabel-label': { fontSize: 14 },
              }}
            />
          ))}
          <Divider sx={{ my: 1 }} />
          <Box sx={{ px: 2, display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              size="small"
              sx={{ textTransform: 'none', fontWeight: 600 }}
              onClick={onReset}
              disabled={state.listed.every((l) => state.active[l])}
            >
              Reset
            </Button>
          </Box>
        </Paper>
      )}
    </Box>
  );
}
