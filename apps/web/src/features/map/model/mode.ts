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
