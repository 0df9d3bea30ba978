import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/database.js';
import { countUnread, listNotifications, markRead, notificationExists } from '../../db/notifications.js';
import { notFound } from '../app-error.js';

/** The caller's notifications in the organisation acted for (nobody else's is reachable). */
export async function inbox(db: Db, actor: Actor, query: { unread: boolean; page: number; itemsPerPage: number }) {
  const [items, unread] = await Promise.all([
    listNotifications(db, actor.userId, actor.organization.id, {
      unreadOnly: query.unread,
      offset: (query.page - 1) * query.itemsPerPage,
      limit: query.itemsPerPage,
    }),
    countUnread(db, actor.userId, actor.organization.id),
  ]);
  return { items, unread };
}

export const unreadCount = (db: Db, actor: Actor) => countUnread(db, actor.userId, actor.organization.id);

export async function readNotification(db: Db, actor: Actor, id: string | null): Promise<number> {
  if (id !== null && !(await notificationExists(db, actor.userId, actor.organization.id, id)))
    throw notFound('No such notification.');
  await markRead(db, actor.userId, actor.organization.id, id);
  return countUnread(db, actor.userId, actor.organization.id);
}
