import { formatLongDate, type AssessmentResponse, type ImageItem } from '@zview/contracts';
import type { QueryClient } from '@tanstack/react-query';
import CloseIcon from '@mui/icons-material/Close';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { track } from '../../../api/analytics';
// The map feature's public surface (features/map/index.ts): the one cross-feature import allowed.
import {
  MapEnvironmentProvider,
  MapWidget,
  mapSourcesQuery,
  prefetchSatelliteTiles,
  warmHttpCache,
  preloadMapLibre,
  usePropertyBaseStyles,
  type MapEnvironment,
} from '../../map';
import { capitalize, pinLocation } from '../model';

/**
 * Fetches maplibre (and starts its worker), the signed base-map URLs and the satellite style ahead
 * of the first map: once a search is being typed or has been given (a failure is reported by the
 * map when it mounts).
 */
export function preloadMap(queryClient: QueryClient): void {
  preloadMapLibre().catch(() => {});
  queryClient.fetchQuery(mapSourcesQuery()).then(
    (sources) => warmHttpCache([sources.styles.satellite]),
    () => {},
  );
}

/**
 * Has the server render what the map shows first (the latest orthophoto, the satellite tiles
 * around the property) while the panel and maplibre are still starting.
 */
export function prefetchMapImagery(queryClient: QueryClient, assessment: AssessmentResponse): void {
  const orthoUrl = assessment.imagery.ortho[0]?.imageUrl;
  if (orthoUrl) warmHttpCache([orthoUrl]);
  queryClient.fetchQuery(mapSourcesQuery()).then(
    (sources) => prefetchSatelliteTiles(sources.satelliteTiles, assessment.location),
    () => {},
  );
}

export type ImageryTab = 'map' | 'oblique' | 'comparison';
const TAB_LABELS: Record<ImageryTab, string> = { map: 'Map', oblique: 'Oblique', comparison: 'Before / After' };

export interface LocationPin {
  lng: number;
  lat: number;
}

export interface PropertyImageryPanelProps {
  assessment: AssessmentResponse;
  /** The pin was moved and confirmed on the map: re-resolve the property at these coordinates. */
  onLocationPinChange: (pin: LocationPin) => void;
  /** Obliques are shown only when the organisation enables oblique-imagery. */
  showOblique: boolean;
}

function Empty({ text }: { text: string }) {
  return (
    <Box sx={{ height: 260, display: 'grid', placeItems: 'center', bgcolor: '#f1f4f8', borderRadius: 1, px: 3 }}>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {text}
      </Typography>
    </Box>
  );
}

/** The standard map: newest orthophoto, parcel, buildings and the draggable location pin. */
export function MapSlot({
  assessment,
  onLocationPinChange,
  height,
}: {
  assessment: AssessmentResponse;
  onLocationPinChange: (pin: LocationPin) => void;
  height: number | string;
}) {
  const latest = assessment.imagery.ortho[0];
  const { location } = assessment;
  const pin = useMemo(() => pinLocation(location), [location]);
  return (
    <Box data-testid="map-slot" sx={{ height }}>
      <MapWidget
        imageUrl={latest?.imageUrl}
        imageBounds={latest?.imageBounds}
        imageDateLabel={latest?.imageDateLabel}
        imageProvider={latest?.imageProvider}
        defaultLayersState={latest ? undefined : { aerial: 'unavailable' }}
        markerLocation={pin}
        markerDraggable
        parcelGeo={location.parcel}
        buildings={location.buildings}
        onLocationPinChange={onLocationPinChange}
      />
    </Box>
  );
}

/** The slider captions each oblique with its provider; the side the camera looks from goes with it. */
const withDirection = (item: ImageItem): ImageItem =>
  item.direction
    ? { ...item, imageProvider: [item.imageProvider, `From the ${item.direction}`].filter(Boolean).join(' · ') }
    : item;

function ObliqueView({
  assessment,
  onLocationPinChange,
  height,
}: {
  assessment: AssessmentResponse;
  onLocationPinChange: (pin: LocationPin) => void;
  height: number | string;
}) {
  const oblique = assessment.imagery.oblique;
  const images = useMemo(() => oblique.map(withDirection), [oblique]);
  const pin = useMemo(() => pinLocation(assessment.location), [assessment.location]);
  if (images.length === 0) return <Empty text="No oblique imagery is available for this property." />;
  return (
    <Box data-testid="oblique-view" sx={{ height }}>
      <MapWidget images={images} markerLocation={pin} markerDraggable onLocationPinChange={onLocationPinChange} />
    </Box>
  );
}

/** 'Before: April 16, 2021 (Z-VIEW Aerial) · After: May 7, 2026 (Skyline Survey)': dates and sources of the pair. */
export function comparisonCaption(before: ImageItem, after: ImageItem): string {
  const part = (label: string, item: ImageItem) =>
    `${label}: ${[item.imageDateLabel, item.imageProvider && `(${item.imageProvider})`].filter(Boolean).join(' ')}`;
  return `${part('Before', before)} · ${part('After', after)}`;
}

function ComparisonView({
  comparison,
  pin,
  height,
}: {
  comparison: AssessmentResponse['imagery']['comparison'];
  pin: LocationPin;
  height: number | string;
}) {
  if (!comparison)
    return <Empty text="No weather event with imagery before and after it is on record for this property." />;
  const { event, before, after } = comparison;
  return (
    <Stack data-testid="comparison-view" spacing={1} sx={{ height }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', columnGap: 2, flexWrap: 'wrap' }}
      >
        <Typography variant="body2" data-testid="comparison-event">
          <b>{capitalize(event.kind)}</b> on {formatLongDate(event.date)}: {event.description}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="comparison-dates">
          {comparisonCaption(before, after)}
        </Typography>
      </Stack>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <MapWidget comparison={[before, after]} markerLocation={pin} />
      </Box>
    </Stack>
  );
}

/** The imagery column: tabs Map / Oblique / Before / After (map_image_tab) and an expand view (expand_view). */
export function PropertyImageryPanel({ assessment, onLocationPinChange, showOblique }: PropertyImageryPanelProps) {
  const tabs: ImageryTab[] = showOblique ? ['map', 'oblique', 'comparison'] : ['map', 'comparison'];
  const [tab, setTab] = useState<ImageryTab>('map');
  const [expanded, setExpanded] = useState(false);
  const active = tabs.includes(tab) ? tab : 'map';
  const baseStyles = usePropertyBaseStyles(assessment.location.point);
  const pin = useMemo(() => pinLocation(assessment.location), [assessment.location]);
  const mapEnvironment = useMemo<Partial<MapEnvironment>>(
    () => ({ baseStyles, onTrack: (event, properties) => track(event, properties) }),
    [baseStyles],
  );

  const body = (height: number | string) =>
    active === 'map' ? (
      <MapSlot assessment={assessment} onLocationPinChange={onLocationPinChange} height={height} />
    ) : active === 'oblique' ? (
      <ObliqueView assessment={assessment} onLocationPinChange={onLocationPinChange} height={height} />
    ) : (
      <ComparisonView comparison={assessment.imagery.comparison} pin={pin} height={height} />
    );

  const tabBar = (
    <Tabs
      value={active}
      onChange={(_event, value: ImageryTab) => {
        setTab(value);
        track('map_image_tab', { tab: value });
      }}
      aria-label="Imagery"
      // In a narrow column (a 900 px window) the tabs shrink and scroll rather than slide under the
      // expand button; below 1200 px their padding narrows so that, from the minimum page width
      // (768 px), "Before / After" stays whole beside the button rather than clipped by the scroller.
      variant="scrollable"
      scrollButtons={false}
      sx={{
        minHeight: 40,
        minWidth: 0,
        '& .MuiTab-root': { minHeight: 40, py: 0, minWidth: 0, px: { xs: 1, lg: 1.5 } },
        '@media print': { display: 'none' },
      }}
    >
      {tabs.map((value) => (
        <Tab key={value} value={value} label={TAB_LABELS[value]} />
      ))}
    </Tabs>
  );

  return (
    <MapEnvironmentProvider value={mapEnvironment}>
      <Paper
        variant="outlined"
        component="section"
        aria-label="Imagery"
        data-testid="imagery-panel"
        sx={{ p: 2, breakInside: 'avoid' }}
      >
        <Stack
          direction="row"
          sx={{
            alignItems: 'center',
            justifyContent: 'space-between',
            mb: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {tabBar}
          <Tooltip title="Expand view">
            <IconButton
              size="small"
              aria-label="Expand view"
              onClick={() => {
                setExpanded(true);
                track('expand_view', { tab: active });
              }}
              sx={{ '@media print': { display: 'none' } }}
            >
              <OpenInFullIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
        {/* While expanded, the panel's own maps are not kept running behind the dialog (two more
            WebGL maps and their imagery competing with the expanded view, issue 21). */}
        {expanded ? <Box data-testid="imagery-panel-expanded-placeholder" sx={{ height: 400 }} /> : body(400)}
        <Dialog
          open={expanded}
          onClose={() => setExpanded(false)}
          fullWidth
          maxWidth="xl"
          aria-label="Imagery, expanded"
        >
          <Box sx={{ p: 2 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
              {tabBar}
              <IconButton aria-label="Close expanded view" onClick={() => setExpanded(false)}>
                <CloseIcon />
              </IconButton>
            </Stack>
            {body('70vh')}
          </Box>
        </Dialog>
      </Paper>
    </MapEnvironmentProvider>
  );
}
