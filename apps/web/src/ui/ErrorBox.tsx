import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface ErrorBoxProps {
  title?: ReactNode;
  /** One or more messages, each its own paragraph. */
  messages: ReactNode[];
  /** Shows a Logout button when given. */
  onLogout?: () => void;
  /** Further actions (e.g. a Reload button). */
  actions?: ReactNode;
  /** Fills the viewport (boot errors) instead of the content area. */
  fullPage?: boolean;
}

/** The error-box screen (SPEC §2): one or more messages with an optional Logout button. */
export function ErrorBox({ title, messages, onLogout, actions, fullPage = false }: ErrorBoxProps) {
  return (
    <Box
      role="alert"
      sx={{
        minHeight: fullPage ? '100vh' : '100%',
        flex: 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 4,
        bgcolor: 'background.default',
      }}
    >
      <Paper variant="outlined" sx={{ maxWidth: 560, width: '100%', p: 4, borderRadius: 2 }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <ErrorOutline color="error" sx={{ fontSize: 40 }} />
          {title && (
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
          )}
          {messages.map((message, index) => (
            <Typography key={index} variant="body1" color={index === 0 ? 'text.primary' : 'text.secondary'}>
              {message}
            </Typography>
          ))}
          {(onLogout || actions) && (
            <Stack direction="row" spacing={1.5} sx={{ pt: 1 }}>
              {actions}
              {onLogout && (
                <Button variant="contained" onClick={onLogout}>
                  Logout
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
