import { MAP } from '@zview/contracts';

/** Pixels a pointer may wander and still count as a click rather than a drag. */
export const COMPASS_DRAG_TOLERANCE_PX = 3;

/** SPEC §9: a compass click under 200 ms without dragging resets bearing and pitch. */
export function isCompassClick(durationMs: number, movedPx: number): boolean {
  return durationMs < MAP.compassClickMs && movedPx <= COMPASS_DRAG_TOLERANCE_PX;
}

/** Dragging the compass turns the map: sideways rotates, up/down tilts. */
export function compassDragDelta(dx: number, dy: number): { bearing: number; pitch: number } {
  return { bearing: dx * 0.8, pitch: -dy * 0.5 };
}

/** Swipe divider position as a 0–1 share of the widget width. */
export function swipeRatio(clientX: number, left: number, width: number): number {
  if (width <= 0) return 0.5;
  return Math.min(1, Math.max(0, (clientX - left) / width));
}
