import { Paper } from '@mui/material';
import { useEffect, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

/** debugMode: camera and state readout for support and development. */
export function DebugPanel({ map, extra }: { map: MapLibreMap; extra?: Record<string, unknown> }) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const update = () => setTick((t) => t + 1);
    map.on('move', update);
    map.showTileBoundaries = true;
    return () => {
      map.off('move', update);
    };
  }, [map]);
  const c = map.getCenter();
  const lines = {
    center: `${c.lng.toFixed(6)}, ${c.lat.toFixed(6)}`,
    zoom: map.getZoom().toFixed(2),
    bearing: map.getBearing().toFixed(1),
    pitch: map.getPitch().toFixed(1),
    ...extra,
  };
  return (
    <Paper
      data-testid="map-debug"
      elevation={2}
      sx={{
        position: 'absolute',
        bottom: 12,
        right: 12,
        zIndex: 2,
        px: 1,
        py: 0.5,
        fontFamily: 'monospace',
        fontSize: 11,
        whiteSpace: 'pre',
        opacity: 0.9,
      }}
    >
      {Object.entries(lines)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join('\n')}
    </Paper>
  );
}
