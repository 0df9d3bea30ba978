import type { Db } from '../../db/database.js';
import { insertNotifications, type Recipients } from '../../db/notifications.js';
import { insertMessage } from '../../db/webhooks.js';

/**
 * The one way to tell people something (issue 41): in the notification centre of the recipients
 * (every active member of the organisation, its group admins, or named users), in their next
 * email digest unless `email: false`, and as a signed webhook event to the organisation's
 * endpoints when `webhook` is given. Other areas call this (portfolio READY/failed, appeal status
 * changes, appeal deadline reminders); it writes rows only, delivery happens on the worker.
 */
export interface NotifyInput {
  organizationId: number;
  /** A short key of what happened, e.g. 'portfolio.ready', 'appeal.status', 'score.changes'. */
  kind: string;
  title: string;
  body?: string;
  /** A path of the web app the notification opens. */
  link?: string | null;
  data?: Record<string, unknown>;
  to?: Recipients;
  email?: boolean;
  /** The webhook event: its type, its ordering lane (e.g. 'portfolio:12') and its data. */
  webhook?: { eventType: string; lane: string; data: Record<string, unknown> } | null;
}

export async function notify(db: Db, input: NotifyInput): Promise<{ notified: number; messageId: string | null }> {
  const notified = await insertNotifications(db, input.to ?? 'members', {
    organizationId: input.organizationId,
    kind: input.kind,
    title: input.title,
    body: input.body ?? '',
    link: input.link ?? null,
    data: input.data ?? {},
    email: input.email ?? true,
  });
  let messageId: string | null = null;
  if (input.webhook)
    messageId = await insertMessage(db, {
      organizationId: input.organizationId,
      lane: input.webhook.lane,
      eventType: input.webhook.eventType,
      payload: { type: input.webhook.eventType, timestamp: new Date().toISOString(), data: input.webhook.data },
    });
  return { notified, messageId };
}
