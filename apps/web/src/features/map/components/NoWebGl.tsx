import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import { Box, Typography } from '@mui/material';
import { MESSAGES } from '@zview/contracts';
import { useEffect, useRef } from 'react';
import type { TrackFn } from '../types';

/** Shown in place of the map when the browser has no WebGL; tracks the event once (SPEC §2). */
export function NoWebGl({ track }: { track: TrackFn }) {
  const tracked = useRef(false);
  useEffect(() => {
    if (tracked.current) return;
    tracked.current = true;
    track('no_webgl_supported_browser');
  }, [track]);
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        bgcolor: 'grey.100',
        color: 'text.secondary',
        p: 3,
        textAlign: 'center',
      }}
    >
      <MapOutlinedIcon sx={{ fontSize: 48, color: 'grey.400' }} />
      <Typography variant="subtitle1" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {MESSAGES.webglNotSupported}
      </Typography>
    </Box>
  );
}
