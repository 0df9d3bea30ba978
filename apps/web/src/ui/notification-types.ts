import type { NotificationVariant } from '@zview/contracts';
import type { ReactNode } from 'react';

// Shared by the notifications' context (notifications.tsx) and the lazily loaded stack that shows
// them (NotificationStack.tsx), so neither imports the other.

/** A notification (SPEC §3): text, variant, optional custom icon, generated id. */
export interface Notification {
  id: string;
  text: ReactNode;
  variant: NotificationVariant;
  customIcon?: ReactNode;
}

/** Vertical distance between stacked notifications. */
export const NOTIFICATION_STACK_OFFSET_PX = 64;

export interface NotificationStackProps {
  items: Notification[];
  dismiss: (id: string) => void;
}
