import { Box, CircularProgress } from '@mui/material';

export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
