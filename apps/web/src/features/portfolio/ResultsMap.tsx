import type { RiskLevel } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RISK_LEVEL_COLORS, RISK_LEVEL_LABELS } from '../../ui/RiskChip';
import { detectWebGL, loadMapLibre } from '../map';
import { loadUsStates } from './usStates';
import { useResultsMap } from './useResultsMap';

/**
 * The portfolio's properties on a map, coloured by the risk level of the selected product. The
 * server cuts the results into vector tiles (grid clusters at low zoom, single properties from
 * `pointsMinZoom`), so the browser holds only what is on screen, whatever the portfolio's size.
 * Loaded lazily with maplibre; a click on a cluster zooms in, on a property opens the drawer.
 */
export interface ResultsMapProps {
  org: number | null;
  portfolioId: number;
  product: string;
  runId: number | null;
  /** True while the run is still scoring: tiles are refreshed as parts finish. */
  live: boolean;
  onOpen(rowNumber: number): void;
}

/** Starts loading what the map needs before its tile URLs are known (the results page calls it). */
export function preloadResultsMap(): void {
  if (!detectWebGL()) return;
  loadMapLibre().catch(() => undefined);
  loadUsStates().catch(() => undefined);
}

export default function ResultsMap(props: ResultsMapProps) {
  const { container, labels, failure, setFailure, webgl, source, shown } = useResultsMap(props);
  if (!webgl) {
    return (
      <Alert severity="info" data-testid="results-map-no-webgl">
        This browser cannot draw maps (WebGL is off), so the map of the portfolio is not shown. The table below lists
        every property.
      </Alert>
    );
  }
  return (
    <Box>
      <Box
        sx={{
          position: 'relative',
          height: 440,
          borderRadius: 1,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
        }}
      >
        {/* maplibre makes its container position: relative, so it is sized by width/height, not inset. */}
        <Box
          ref={container}
          data-testid="results-map"
          data-map-state={shown ? 'shown' : 'loading'}
          aria-label="Map of the portfolio's properties by risk level"
          role="region"
          sx={{ width: '100%', height: '100%' }}
        />
        {!shown && !source.isError && (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              bgcolor: '#dce6ee',
              pointerEvents: 'none',
            }}
          >
            <CircularProgress size={32} aria-label="Loading map" />
          </Box>
        )}
        <Box aria-hidden sx={{ position: 'absolute', inset: 0, pointerEvents: 'none', overflow: 'hidden' }}>
          {labels.map((label) => (
            <Typography
              key={label.key}
              component="span"
              sx={{
                position: 'absolute',
                left: label.x,
                top: label.y,
                transform: 'translate(-50%, -50%)',
                color: '#fff',
                fontSize: 12,
                fontWeight: 700,
                lineHeight: 1,
                textShadow: '0 0 2px rgba(0,0,0,0.6)',
              }}
            >
              {label.text}
            </Typography>
          ))}
        </Box>
        {source.isError && (
          <Alert severity="error" sx={{ position: 'absolute', top: 12, left: 12, right: 64 }}>
            The map of this portfolio could not be loaded.
          </Alert>
        )}
        {source.data && source.data.bounds === null && (
          <Alert severity="info" sx={{ position: 'absolute', top: 12, left: 12, right: 64 }}>
            No property of this portfolio has been placed on the map yet.
          </Alert>
        )}
        {failure && !source.isError && (
          <Alert
            severity="warning"
            onClose={() => setFailure(null)}
            sx={{ position: 'absolute', bottom: 12, left: 12, right: 12 }}
          >
            {failure}
          </Alert>
        )}
      </Box>
      <Legend />
    </Box>
  );
}

function Legend() {
  const levels: RiskLevel[] = ['high', 'medium', 'low', 'none'];
  return (
    <Stack
      direction="row"
      spacing={2.5}
      sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="results-map-legend"
    >
      {levels.map((level) => (
        <Stack key={level} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: RISK_LEVEL_COLORS[level].fg }} />
          <Typography variant="caption">{RISK_LEVEL_LABELS[level]}</Typography>
        </Stack>
      ))}
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        Groups show how many properties they hold, coloured by their most common risk level, ringed by the highest.
        Click a group to zoom in, a property to open it.
      </Typography>
    </Stack>
  );
}

export { compactCount } from './resultsMapStyle';
