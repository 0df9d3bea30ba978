import { Alert, Box, CircularProgress } from '@mui/material';

/** Spinner over the map while it (or its first image) loads. */
export function MapLoading({ label = 'Loading map' }: { label?: string }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 4,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'rgba(245,247,249,0.6)',
        pointerEvents: 'none',
      }}
    >
      <CircularProgress size={36} aria-label={label} />
    </Box>
  );
}

/** A map that cannot be shown says why, in place of the map. */
export function MapError({ message }: { message: string }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 5,
        display: 'grid',
        placeItems: 'center',
        p: 3,
        bgcolor: 'grey.100',
      }}
    >
      <Alert severity="error" variant="outlined" sx={{ bgcolor: 'background.paper', maxWidth: 440 }}>
        {message}
      </Alert>
    </Box>
  );
}
