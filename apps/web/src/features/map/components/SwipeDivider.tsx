import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Box } from '@mui/material';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { swipeRatio } from '../model/compass';

/** The draggable vertical divider of the before/after comparison. */
export function SwipeDivider({ ratio, onChange }: { ratio: number; onChange: (ratio: number) => void }) {
  const dragging = useRef(false);
  const move = (e: PointerEvent<HTMLDivElement>) => {
    const frame = e.currentTarget.parentElement?.getBoundingClientRect();
    if (frame) onChange(swipeRatio(e.clientX, frame.left, frame.width));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') onChange(Math.max(0, ratio - 0.05));
    else if (e.key === 'ArrowRight') onChange(Math.min(1, ratio + 0.05));
    else return;
    e.preventDefault();
  };
  return (
    <Box
      role="separator"
      aria-label="Swipe to compare before and after"
      aria-orientation="vertical"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(ratio * 100)}
      tabIndex={0}
      data-testid="swipe-divider"
      onKeyDown={onKeyDown}
      onPointerDown={(e) => {
        dragging.current = true;
        e.currentTarget.setPointerCapture?.(e.pointerId);
      }}
      onPointerMove={(e) => dragging.current && move(e)}
      onPointerUp={() => (dragging.current = false)}
      onPointerCancel={() => (dragging.current = false)}
      sx={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        left: `${ratio * 100}%`,
        width: 24,
        ml: '-12px',
        zIndex: 2,
        cursor: 'ew-resize',
        touchAction: 'none',
        '&::before': {
          content: '""',
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: 11,
          width: 2,
          bgcolor: 'common.white',
          boxShadow: '0 0 4px rgba(0,0,0,.5)',
        },
        '&:focus-visible': {
          outline: 'none',
          '& .zv-swipe-handle': { boxShadow: (t) => `0 0 0 3px ${t.palette.primary.light}` },
        },
      }}
    >
      <Box
        className="zv-swipe-handle"
        // Below the middle: the property's pin sits at the centre of the comparison.
        sx={{
          position: 'absolute',
          top: '68%',
          left: 12,
          transform: 'translate(-50%, -50%)',
          width: 40,
          height: 40,
          borderRadius: '50%',
          bgcolor: 'common.white',
          boxShadow: 3,
          display: 'grid',
          placeItems: 'center',
          color: 'text.primary',
        }}
      >
        <SwapHorizIcon fontSize="small" />
      </Box>
    </Box>
  );
}
