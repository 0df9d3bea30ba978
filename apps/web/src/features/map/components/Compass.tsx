import NavigationIcon from '@mui/icons-material/Navigation';
import { IconButton, Tooltip } from '@mui/material';
import { useRef, type PointerEvent } from 'react';
import type { MapView } from '../engine/mapView';
import { compassDragDelta, COMPASS_DRAG_TOLERANCE_PX, isCompassClick } from '../model/compass';

interface Drag {
  startedAt: number;
  x: number;
  y: number;
  bearing: number;
  pitch: number;
  moved: number;
}

/**
 * The needle points north. A quick click (under 200 ms, no drag) resets bearing and pitch;
 * dragging it turns (sideways) and tilts (up/down) the map.
 */
export function Compass({ view, bearing, pitch }: { view: MapView; bearing: number; pitch: number }) {
  const drag = useRef<Drag | null>(null);

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = {
      startedAt: performance.now(),
      x: e.clientX,
      y: e.clientY,
      bearing: view.getBearing(),
      pitch: view.getPitch(),
      moved: 0,
    };
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    d.moved = Math.max(d.moved, Math.hypot(dx, dy));
    if (d.moved <= COMPASS_DRAG_TOLERANCE_PX) return;
    const delta = compassDragDelta(dx, dy);
    view.setBearing(d.bearing + delta.bearing);
    view.setPitch(Math.min(60, Math.max(0, d.pitch + delta.pitch)));
  };
  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    if (d && isCompassClick(performance.now() - d.startedAt, d.moved)) view.resetNorthPitch();
  };

  return (
    <Tooltip title="Reset bearing to north" placement="left">
      <IconButton
        aria-label="Reset bearing to north"
        size="small"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = null)}
        sx={{ touchAction: 'none', borderRadius: 0, width: 36, height: 36 }}
      >
        <NavigationIcon
          data-testid="compass-needle"
          fontSize="small"
          sx={{
            color: 'error.main',
            transform: `rotateX(${pitch}deg) rotate(${-bearing}deg)`,
            transition: 'transform 80ms linear',
          }}
        />
      </IconButton>
    </Tooltip>
  );
}
