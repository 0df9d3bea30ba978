import { notificationsPageSchema, unreadCountSchema } from '@zview/contracts';
import { api } from '../../api/client';

/** The notification centre's calls (issue 41). */
export const notificationKeys = { all: ['notifications'] as const };

export function fetchNotifications() {
  return api.get('/api/caribou/notifications', { query: { itemsPerPage: 20 }, schema: notificationsPageSchema });
}

export function fetchUnreadCount() {
  return api.get('/api/caribou/notifications/unread-count', { schema: unreadCountSchema });
}

export function markNotificationRead(id: string) {
  return api.post(`/api/caribou/notifications/${id}/read`, undefined, { schema: unreadCountSchema });
}

export function markAllNotificationsRead() {
  return api.post('/api/caribou/notifications/read-all', undefined, { schema: unreadCountSchema });
}
