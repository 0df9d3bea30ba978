import type { NotificationVariant } from '@zview/contracts';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { deferredComponent } from './deferred';
import type { Notification, NotificationStackProps } from './notification-types';

export { NOTIFICATION_STACK_OFFSET_PX, type Notification } from './notification-types';

export type NotifyInput = Omit<Notification, 'id' | 'variant'> & { variant?: NotificationVariant };

interface NotificationsApi {
  /** Shows a notification; returns its generated id. */
  notify(input: NotifyInput): string;
  dismiss(id: string): void;
}

// The snackbars' code (MUI Snackbar and Alert) loads when the first notification shows (issue 45).
const NotificationStack = deferredComponent<NotificationStackProps>(
  () => import('./NotificationStack').then((module) => module.NotificationStack),
  { start: 'mounted' },
);

const NotificationsContext = createContext<NotificationsApi | null>(null);

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
      {items.length > 0 && <NotificationStack items={items} dismiss={dismiss} />}
    </NotificationsContext.Provider>
  );
}

export function useNotifications(): NotificationsApi {
  const api = useContext(NotificationsContext);
  if (!api) throw new Error('useNotifications must be used inside NotificationsProvider');
  return api;
}
