import { NOTIFICATION_AUTO_HIDE_MS, type NotificationVariant } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** A notification (SPEC §3): text, variant, optional custom icon, generated id. */
export interface Notification {
  id: string;
  text: ReactNode;
  variant: NotificationVariant;
  customIcon?: ReactNode;
}

export type NotifyInput = Omit<Notification, 'id' | 'variant'> & { variant?: NotificationVariant };

interface NotificationsApi {
  /** Shows a notification; returns its generated id. */
  notify(input: NotifyInput): string;
  dismiss(id: string): void;
}

const NotificationsContext = createContext<NotificationsApi | null>(null);

/** Vertical distance between stacked notifications. */
export const NOTIFICATION_STACK_OFFSET_PX = 64;

let sequence = 0;
function generateId(): string {
  sequence += 1;
  return `notification-${Date.now().toString(36)}-${sequence}`;
}

/**
 * Notifications (SPEC §4): each auto-hides after 5000 ms or is dismissed manually; clicking
 * elsewhere does not dismiss; stacked ones are offset vertically, newest at the bottom.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<Notification[]>([]);

  const dismiss = useCallback((id: string) => setItems((current) => current.filter((item) => item.id !== id)), []);
  const notify = useCallback((input: NotifyInput) => {
    const id = generateId();
    setItems((current) => [...current, { ...input, variant: input.variant ?? 'info', id }]);
    return id;
  }, []);
  const api = useMemo(() => ({ notify, dismiss }), [notify, dismiss]);

  return (
    <NotificationsContext.Provider value={api}>
      {children}
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
    </NotificationsContext.Provider>
  );
}

export function useNotifications(): NotificationsApi {
  const api = useContext(NotificationsContext);
  if (!api) throw new Error('useNotifications must be used inside NotificationsProvider');
  return api;
}
