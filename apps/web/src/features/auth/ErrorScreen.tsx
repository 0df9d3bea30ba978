import { Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { AuthLayout } from './AuthLayout';
import type { LoginMessage } from './loginMessages';
import { LazyMessageBlock } from './LazyMessageBlock';

/**
 * The error-box screen (SPEC §2): one or more messages and an optional action such as Logout.
 * TODO(shell): the shell's ui/ErrorBox may replace the inner box once merged.
 */
export function ErrorScreen({
  title,
  messages,
  action,
}: {
  title: string;
  messages: Pick<LoginMessage, 'text' | 'supportLine'>[];
  action?: ReactNode;
}) {
  return (
    <AuthLayout>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>
        {messages.map((message) => (
          <LazyMessageBlock key={message.text} message={message} />
        ))}
        {action}
      </Stack>
    </AuthLayout>
  );
}

export function LogoutButton({ onLogout }: { onLogout: () => Promise<void> | void }) {
  return (
    <Button variant="contained" size="large" fullWidth onClick={() => void onLogout()}>
      Logout
    </Button>
  );
}

/** The error-box screen with Logout (no products enabled, the organisations failed to load). */
export function LogoutErrorScreen({
  onLogout,
  ...screen
}: {
  title: string;
  messages: Pick<LoginMessage, 'text' | 'supportLine'>[];
  onLogout: () => Promise<void> | void;
}) {
  return <ErrorScreen {...screen} action={<LogoutButton onLogout={onLogout} />} />;
}
