import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A centred spinner for whole-screen waits (authentication state unknown or authenticatedOnly, SPEC §4). */
export function LoadingScreen({ label = 'Loading Z-VIEW…' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress color="secondary" />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
