import AddIcon from '@mui/icons-material/Add';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import RemoveIcon from '@mui/icons-material/Remove';
import { Divider, IconButton, Paper, Stack, Tooltip } from '@mui/material';
import { useCamera, type MapView } from '../engine/mapView';
import { Compass } from './Compass';

const buttonSx = { borderRadius: 0, width: 36, height: 36 } as const;

/** Zoom, recentre and compass, stacked at the top right of the map. */
export function MapControls({
  view,
  onRecenter,
  showCompass = false,
}: {
  view: MapView;
  onRecenter?: () => void;
  showCompass?: boolean;
}) {
  const camera = useCamera(view);
  if (!camera) return null;
  const atMax = camera.zoom >= camera.maxZoom - 1e-6;
  const atMin = camera.zoom <= camera.minZoom + 1e-6;
  return (
    <Stack
      spacing={1}
      sx={{ position: 'absolute', top: 12, right: 12, zIndex: 2, '@media print': { display: 'none' } }}
    >
      <Paper elevation={2} sx={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
        <Tooltip title="Zoom in" placement="left">
          <span>
            <IconButton aria-label="Zoom in" size="small" sx={buttonSx} disabled={atMax} onClick={() => view.zoomIn()}>
              <AddIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Divider />
        <Tooltip title="Zoom out" placement="left">
          <span>
            <IconButton
              aria-label="Zoom out"
              size="small"
              sx={buttonSx}
              disabled={atMin}
              onClick={() => view.zoomOut()}
            >
              <RemoveIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Paper>
      {onRecenter && (
        <Paper elevation={2} sx={{ overflow: 'hidden' }}>
          <Tooltip title="Recenter" placement="left">
            <IconButton aria-label="Recenter" size="small" sx={buttonSx} onClick={onRecenter}>
              <MyLocationIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Paper>
      )}
      {showCompass && (
        <Paper elevation={2} sx={{ overflow: 'hidden' }}>
          <Compass view={view} bearing={camera.bearing} pitch={camera.pitch} />
        </Paper>
      )}
    </Stack>
  );
}
