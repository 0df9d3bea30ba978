import {
  AppBar,
  Box,
  CssBaseline,
  List,
  ListItem,
  ListItemText,
  Paper,
  Tab,
  Tabs,
  ThemeProvider,
  Toolbar,
  Typography,
  createTheme,
} from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { serverBaseStyles, type BaseStyles } from '../engine/baseStyles';
import { MapEnvironmentProvider, type MapEnvironment } from '../engine/environment';
import { MapWidget } from '../MapWidget';
import type { LngLat, MapTrackingEvent } from '../types';
import { fixtureComparison, fixtureObliques, standardProps } from './fixtures';

const MODES = [
  { value: 'standard', label: 'Standard' },
  { value: 'oblique', label: 'Oblique' },
  { value: 'comparison', label: 'Before / after' },
  { value: 'nowebgl', label: 'No WebGL' },
] as const;
type HarnessMode = (typeof MODES)[number]['value'];

const theme = createTheme({ palette: { primary: { main: '#0b5cab' } }, shape: { borderRadius: 6 } });

interface LogEntry {
  id: number;
  text: string;
}

/** Development and e2e page: the widget in each of its four modes with fixture data. */
export function MapHarness() {
  const params = new URLSearchParams(window.location.search);
  const [mode, setMode] = useState<HarnessMode>(
    (MODES.find((m) => m.value === params.get('mode'))?.value ?? 'standard') as HarnessMode,
  );
  const [log, setLog] = useState<LogEntry[]>([]);
  const [pin, setPin] = useState<LngLat>(standardProps.markerLocation!);
  const append = useCallback(
    (text: string) => setLog((l) => [{ id: Date.now() + Math.random(), text }, ...l].slice(0, 50)),
    [],
  );
  const onTrack = useCallback(
    (event: MapTrackingEvent, properties?: Record<string, unknown>) =>
      append(`track ${event}${properties ? ` ${JSON.stringify(properties)}` : ''}`),
    [append],
  );
  const onLocationPinChange = useCallback(
    (location: LngLat) => {
      setPin(location);
      append(`pin ${location.lng.toFixed(6)},${location.lat.toFixed(6)}`);
    },
    [append],
  );
  // ?baseStyle=server uses the server's street style and satellite tiles; ?baseStyle=broken a
  // style URL that does not exist (to see the style-load failure).
  const baseStyleParam = params.get('baseStyle');
  const env = useMemo<Partial<MapEnvironment>>(() => {
    const baseStyles: Partial<BaseStyles> | undefined =
      baseStyleParam === 'server'
        ? serverBaseStyles()
        : baseStyleParam === 'broken'
          ? {
              street: `${window.location.origin}/api/map/style/missing.json`,
              satellite: `${window.location.origin}/api/map/style/missing.json`,
            }
          : undefined;
    return { ...(mode === 'nowebgl' ? { detectWebGL: () => false } : {}), ...(baseStyles ? { baseStyles } : {}) };
  }, [mode, baseStyleParam]);
  const debugMode = params.get('debug') === '1';

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column', bgcolor: '#f3f5f7' }}>
        <AppBar position="static" elevation={0} color="inherit" sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Toolbar variant="dense" sx={{ minHeight: 52, gap: 3 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
              Z-VIEW · Map widget harness
            </Typography>
            <Tabs value={mode} onChange={(_e, v: HarnessMode) => setMode(v)} aria-label="Map mode">
              {MODES.map((m) => (
                <Tab
                  key={m.value}
                  value={m.value}
                  label={m.label}
                  sx={{ minHeight: 52, textTransform: 'none', fontWeight: 600 }}
                />
              ))}
            </Tabs>
          </Toolbar>
        </AppBar>
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex', gap: 2, p: 2 }}>
          <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
            <MapEnvironmentProvider value={env}>
              {mode === 'standard' && (
                <MapWidget
                  key="standard"
                  {...standardProps}
                  markerLocation={pin}
                  onLocationPinChange={onLocationPinChange}
                  onTrack={onTrack}
                  debugMode={debugMode}
                />
              )}
              {mode === 'oblique' && (
                <MapWidget
                  key="oblique"
                  images={fixtureObliques}
                  markerLocation={pin}
                  markerDraggable
                  onLocationPinChange={onLocationPinChange}
                  onTrack={onTrack}
                  debugMode={debugMode}
                />
              )}
              {mode === 'comparison' && (
                <MapWidget
                  key="comparison"
                  comparison={fixtureComparison}
                  markerLocation={pin}
                  onTrack={onTrack}
                  debugMode={debugMode}
                />
              )}
              {mode === 'nowebgl' && <MapWidget key="nowebgl" {...standardProps} onTrack={onTrack} />}
            </MapEnvironmentProvider>
          </Paper>
          <Paper variant="outlined" sx={{ width: 280, display: 'flex', flexDirection: 'column' }}>
            <Typography variant="overline" sx={{ px: 2, pt: 1, fontWeight: 700, color: 'text.secondary' }}>
              Events
            </Typography>
            <List dense data-testid="event-log" sx={{ overflow: 'auto', flex: 1, py: 0 }}>
              {log.length === 0 && (
                <ListItem>
                  <ListItemText secondary="Tracking events and pin changes appear here." />
                </ListItem>
              )}
              {log.map((entry) => (
                <ListItem key={entry.id} sx={{ py: 0 }}>
                  <ListItemText
                    primary={entry.text}
                    slotProps={{ primary: { sx: { fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' } } }}
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
        </Box>
      </Box>
    </ThemeProvider>
  );
}
