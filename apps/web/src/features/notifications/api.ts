import { notificationsPageSchema, unreadCountSchema } from '@zview/contracts';
import { api } from '../../api/client';
import { apiPath } from '../../api/paths';

/** The notification centre's calls (issue 41). */
export const notificationKeys = { all: ['notifications'] as const };

export function fetchNotifications() {
  return api.get(apiPath('/caribou/notifications'), { query: { itemsPerPage: 20 }, schema: notificationsPageSchema });
}

export function fetchUnreadCount() {
  return api.get(apiPath('/caribou/notifications/unread-count'), { schema: unreadCountSchema });
}

export function markNotificationRead(id: string) {
  return api.post(apiPath('/caribou/notifications/{id}/read', { id }), undefined, { schema: unreadCountSchema });
}

export function markAllNotificationsRead() {
  return api.post(apiPath('/caribou/notifications/read-all'), undefined, { schema: unreadCountSchema });
}
