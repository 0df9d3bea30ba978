import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The Z-VIEW wordmark on the sign-in screens. */
export function Wordmark() {
  return (
    <Stack direction="row" alignItems="center" spacing={1.25} aria-label="Z-VIEW">
      <Box
        aria-hidden
        sx={{
          width: 36,
          height: 36,
          borderRadius: 1.5,
          display: 'grid',
          placeItems: 'center',
          background: 'linear-gradient(135deg, #1565c0 0%, #00897b 100%)',
          color: '#fff',
          fontWeight: 800,
          fontSize: 20,
          letterSpacing: '-0.02em',
        }}
      >
        Z
      </Box>
      <Typography component="span" sx={{ fontWeight: 800, fontSize: 22, letterSpacing: '0.08em', color: '#0d2a4a' }}>
        Z-VIEW
      </Typography>
    </Stack>
  );
}

/** A centred card on a quiet branded background: login, sign-in errors, no-products screen. */
export function AuthLayout({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        background: 'radial-gradient(circle at 20% 0%, #1b4f8a 0%, #0d2a4a 55%, #081a30 100%)',
      }}
    >
      <Paper elevation={8} sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 5 }, borderRadius: 3 }}>
        <Box sx={{ mb: 3 }}>
          <Wordmark />
        </Box>
        {children}
      </Paper>
      <Typography variant="caption" sx={{ mt: 3, color: 'rgba(255,255,255,0.7)' }}>
        {footer ?? 'Property risk and imagery analytics'}
      </Typography>
    </Box>
  );
}
