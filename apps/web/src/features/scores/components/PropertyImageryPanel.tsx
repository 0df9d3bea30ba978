import type { AssessmentResponse, ImageItem } from '@zview/contracts';
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
import { useState } from 'react';
import { track } from '../../../api/analytics';
import { capitalize } from '../model';

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

function Caption({ item, extra }: { item: ImageItem; extra?: string }) {
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
      {[extra, item.imageProvider, item.imageDateLabel].filter(Boolean).join(' · ')}
    </Typography>
  );
}

function Picture({ item, alt, height }: { item: ImageItem; alt: string; height: number | string }) {
  return (
    <Box
      component="img"
      src={item.imageUrl}
      alt={alt}
      sx={{ display: 'block', width: '100%', height, objectFit: 'cover', borderRadius: 1, bgcolor: '#dfe5ec' }}
    />
  );
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

/**
 * ┌──────────────────────────────────────────────────────────────────────────────────────────┐
 * │ MAP SLOT — replace the body with the map widget (features/map) when it is merged:          │
 * │   <MapWidget imageUrl={latest.imageUrl} imageBounds={latest.imageBounds}                   │
 * │     imageDateLabel={latest.imageDateLabel} imageProvider={latest.imageProvider}            │
 * │     markerLocation={location.point} markerDraggable parcelGeo={location.parcel}           │
 * │     buildings={location.buildings} onLocationPinChange={onLocationPinChange} />           │
 * │ (and images={imagery.oblique} / comparison={[before, after]} in the other tabs).           │
 * └──────────────────────────────────────────────────────────────────────────────────────────┘
 */
export function MapSlot({ assessment, height }: { assessment: AssessmentResponse; onLocationPinChange: (pin: LocationPin) => void; height: number | string }) {
  const latest = assessment.imagery.ortho[0];
  if (!latest) return <Empty text="No aerial imagery is available for this property yet." />;
  return (
    <Box data-testid="map-slot">
      <Picture item={latest} alt={`Aerial image of ${assessment.location.address?.formatted ?? assessment.location.input}`} height={height} />
      <Caption item={latest} extra="Aerial" />
    </Box>
  );
}

function ObliqueView({ images, height }: { images: ImageItem[]; height: number | string }) {
  if (images.length === 0) return <Empty text="No oblique imagery is available for this property." />;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
      {images.map((item, index) => (
        <Box key={item.captureId ? `${item.captureId}-${item.direction ?? index}` : index}>
          <Picture item={item} alt={`Oblique image${item.direction ? ` looking from the ${item.direction}` : ''}`} height={typeof height === 'number' ? height / 2 - 24 : `calc(${height} / 2 - 28px)`} />
          <Caption item={item} extra={item.direction ? `From the ${item.direction}` : undefined} />
        </Box>
      ))}
    </Box>
  );
}

function ComparisonView({ comparison, height }: { comparison: AssessmentResponse['imagery']['comparison']; height: number | string }) {
  if (!comparison) return <Empty text="No weather event with imagery before and after it is on record for this property." />;
  return (
    <Stack spacing={1}>
      <Typography variant="body2">
        <b>{capitalize(comparison.event.kind)}</b> on {comparison.event.date}: {comparison.event.description}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <Box>
          <Picture item={comparison.before} alt="Before the event" height={typeof height === 'number' ? height - 40 : `calc(${height} - 40px)`} />
          <Caption item={comparison.before} extra="Before" />
        </Box>
        <Box>
          <Picture item={comparison.after} alt="After the event" height={typeof height === 'number' ? height - 40 : `calc(${height} - 40px)`} />
          <Caption item={comparison.after} extra="After" />
        </Box>
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

  const body = (height: number | string) =>
    active === 'map' ? (
      <MapSlot assessment={assessment} onLocationPinChange={onLocationPinChange} height={height} />
    ) : active === 'oblique' ? (
      <ObliqueView images={assessment.imagery.oblique} height={height} />
    ) : (
      <ComparisonView comparison={assessment.imagery.comparison} height={height} />
    );

  const tabBar = (
    <Tabs
      value={active}
      onChange={(_event, value: ImageryTab) => {
        setTab(value);
        track('map_image_tab', { tab: value });
      }}
      aria-label="Imagery"
      sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, py: 0 }, '@media print': { display: 'none' } }}
    >
      {tabs.map((value) => (
        <Tab key={value} value={value} label={TAB_LABELS[value]} />
      ))}
    </Tabs>
  );

  return (
    <Paper variant="outlined" component="section" aria-label="Imagery" data-testid="imagery-panel" sx={{ p: 2, breakInside: 'avoid' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, borderBottom: 1, borderColor: 'divider' }}>
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
      {body(360)}
      <Dialog open={expanded} onClose={() => setExpanded(false)} fullWidth maxWidth="xl" aria-label="Imagery, expanded">
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
  );
}
