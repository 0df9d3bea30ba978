import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEV_SESSIONS, DEV_SESSION_PARAM } from './dev-session';
import { isDevelopmentEnv, useRuntimeConfig } from './runtime-config';
import { BRAND } from './theme';

/**
 * Stands where the login page will be (identity work). In local and test environments it lists
 * the development sessions.
 */
export function SignInPending() {
  const config = useRuntimeConfig();
  const development = isDevelopmentEnv(config.ENV);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: BRAND.navy, p: 3 }}>
      <Paper sx={{ width: 440, p: 5, borderRadius: 2 }} elevation={10} data-testid="sign-in-pending">
        <Stack spacing={2}>
          <Typography sx={{ fontWeight: 800, letterSpacing: 2, color: BRAND.navy }}>Z-VIEW</Typography>
          <Typography variant="h5" component="h1">
            Welcome
          </Typography>
          <Typography color="text.secondary">Sign-in is not available in this build yet.</Typography>
          {development && (
            <Stack spacing={0.75} sx={{ pt: 1 }}>
              <Typography variant="overline" color="text.secondary">
                Development sessions ({config.ENV})
              </Typography>
              {Object.entries(DEV_SESSIONS).map(([name, session]) => (
                <Link key={name} href={`/?${DEV_SESSION_PARAM}=${name}`} underline="hover">
                  {session.user.firstName} {session.user.lastName} — {session.label}
                </Link>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
