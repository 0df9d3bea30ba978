/**
 * TODO(shell): STAND-IN for the shell's `ui/notifications.tsx` (same `NotificationsProvider`
 * and `useNotifications().notify({ text, variant })`). At merge, imports switch to
 * './notifications' and this file is deleted.
 */
import { NOTIFICATION_AUTO_HIDE_MS, type NotificationVariant } from '@zview/contracts';
import { Alert, Snackbar } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

interface Notification {
  id: string;
  text: ReactNode;
  variant: NotificationVariant;
}
interface NotificationsApi {
  notify(input: { text: ReactNode; variant?: NotificationVariant }): string;
  dismiss(id: string): void;
}

const NotificationsContext = createContext<NotificationsApi | null>(null);
let sequence = 0;

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<Notification[]>([]);
  const dismiss = useCallback((id: string) => setItems((current) => current.filter((item) => item.id !== id)), []);
  const notify = useCallback((input: { text: ReactNode; variant?: NotificationVariant }) => {
    sequence += 1;
    const id = `notification-${sequence}`;
    setItems((current) => [...current, { id, text: input.text, variant: input.variant ?? 'success' }]);
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
          autoHideDuration={NOTIFICATION_AUTO_HIDE_MS}
          onClose={(_event, reason) => reason !== 'clickaway' && dismiss(item.id)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          sx={{ bottom: `${24 + index * 64}px !important` }}
        >
          <Alert severity={item.variant} variant="filled" onClose={() => dismiss(item.id)}>
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
