import { MAP } from '@zview/contracts';
import type { MapWidgetProps, ZoomBoundary } from '../types';

export type MapMode = 'noWebgl' | 'comparison' | 'oblique' | 'standard';

/** Which of the four widgets to show (SPEC §2, map widget). */
export function mapModeFor(props: Pick<MapWidgetProps, 'comparison' | 'images'>, webglSupported: boolean): MapMode {
  if (!webglSupported) return 'noWebgl';
  if (props.comparison?.length === 2) return 'comparison';
  if (props.images && props.images.length > 0) return 'oblique';
  return 'standard';
}

/** Zoom range: 16–21, 17–21 for the comparison (SPEC §5), narrowed by zoomBoundary when given. */
export function zoomRange(mode: MapMode, boundary: ZoomBoundary = {}): { minZoom: number; maxZoom: number } {
  const base =
    mode === 'comparison'
      ? { minZoom: MAP.comparisonMinZoom, maxZoom: MAP.comparisonMaxZoom }
      : { minZoom: MAP.minZoom, maxZoom: MAP.maxZoom };
  const minZoom = boundary.minZoom ?? base.minZoom;
  const maxZoom = boundary.maxZoom ?? base.maxZoom;
  return minZoom <= maxZoom ? { minZoom, maxZoom } : base;
}

/**
 * The room the map's own controls take along the edges: the layers and Street/Satellite bar at the
 * top, zoom, recentre and compass on the right, the imagery caption at the bottom (48 px at most).
 */
export const CONTROL_BAND_PX = 48;

/**
 * Buildings (and their labels, centred on them) are fitted 20 px inside the part of the map the
 * controls leave free, so no label lands under the Street/Satellite switch (issue 21 item 15).
 * The same on every side, so the buildings stay centred.
 */
export function buildingFitPadding(): number {
  return MAP.buildingFitPadding + CONTROL_BAND_PX;
}
