import { Alert } from '@mui/material';
import type { LoginMessage } from './loginMessages';

/** A catalogued message with its optional support line, as one alert. */
export function MessageBlock({
  message,
  severity = 'error',
}: {
  message: Pick<LoginMessage, 'text' | 'supportLine'>;
  severity?: 'error' | 'info' | 'warning';
}) {
  return (
    <Alert
      severity={severity}
      role="alert"
      sx={{ '& .MuiAlert-message': { display: 'flex', flexDirection: 'column', gap: 0.5 } }}
    >
      <span>{message.text}</span>
      {message.supportLine && <span>{message.supportLine}</span>}
    </Alert>
  );
}
