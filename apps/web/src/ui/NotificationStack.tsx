import { NOTIFICATION_AUTO_HIDE_MS } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { NOTIFICATION_STACK_OFFSET_PX, type NotificationStackProps } from './notification-types';

/** The notifications on screen (notifications.tsx), stacked bottom left, newest at the bottom. */
export function NotificationStack({ items, dismiss }: NotificationStackProps) {
  return (
    <>
      {items.map((item, index) => (
        <Snackbar
          key={item.id}
          open
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          autoHideDuration={NOTIFICATION_AUTO_HIDE_MS}
          onClose={(_event, reason?: SnackbarCloseReason) => {
            if (reason !== 'clickaway') dismiss(item.id);
          }}
          style={{ bottom: 24 + (items.length - 1 - index) * NOTIFICATION_STACK_OFFSET_PX }}
          data-testid="notification"
        >
          <Alert
            severity={item.variant}
            variant="filled"
            icon={item.customIcon}
            onClose={() => dismiss(item.id)}
            sx={{ minWidth: 320, maxWidth: 560, alignItems: 'center' }}
          >
            {item.text}
          </Alert>
        </Snackbar>
      ))}
    </>
  );
}
