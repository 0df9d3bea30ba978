import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import { canGoNext, canGoPrevious, type SliderState } from '../model/slider';
import type { ImageItem } from '../types';

/** Previous / next with the current image's provider and date (SPEC §2, oblique slider). */
export function SliderControls({
  state,
  images,
  onPrevious,
  onNext,
}: {
  state: SliderState;
  images: ImageItem[];
  onPrevious: () => void;
  onNext: () => void;
}) {
  const current = state.index === null ? undefined : images[state.index];
  return (
    <Paper
      elevation={3}
      role="group"
      aria-label="Oblique images"
      sx={{
        position: 'absolute',
        bottom: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        py: 0.5,
        minWidth: 320,
      }}
    >
      <Tooltip title="Previous image">
        <span>
          <IconButton aria-label="Previous image" disabled={!canGoPrevious(state)} onClick={onPrevious}>
            <ChevronLeftIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Box sx={{ flex: 1, textAlign: 'center', minWidth: 0 }} aria-live="polite">
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} data-testid="slider-provider">
          {current?.imageProvider ?? '—'}
        </Typography>
        <Typography variant="caption" noWrap component="div" sx={{ color: 'text.secondary' }} data-testid="slider-date">
          {current
            ? [current.imageDateLabel, `${(state.index ?? 0) + 1} of ${state.count}`].filter(Boolean).join(' · ')
            : 'Loading imagery…'}
        </Typography>
      </Box>
      <Tooltip title="Next image">
        <span>
          <IconButton aria-label="Next image" disabled={!canGoNext(state)} onClick={onNext}>
            <ChevronRightIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Paper>
  );
}
