import { sendMail } from '../../auth/mail.js';
import type { Db } from '../../db/database.js';
import { markEmailed, unmailedByRecipient } from '../../db/notifications.js';

/**
 * The email digest: every recipient's unread notifications not mailed yet, older than a settling
 * time (so a burst of alerts makes one mail), in one message each through the outbox (and SMTP
 * when configured). Returns the mails written.
 */
export async function sendDigests(
  db: Db,
  mail: { smtpUrl?: string; from: string; appUrl?: string; log?: (line: string) => void },
  options: { settleMs?: number } = {},
): Promise<number> {
  const groups = await unmailedByRecipient(db, new Date(Date.now() - (options.settleMs ?? 60_000)));
  for (const g of groups) {
    const lines = g.titles.map((title, i) => `- ${title}${g.links[i] ? ` (${mail.appUrl ?? ''}${g.links[i]})` : ''}`);
    await sendMail(
      db,
      {
        kind: 'notification_digest',
        to: g.email,
        subject: `Z-VIEW: ${g.ids.length} new notification${g.ids.length === 1 ? '' : 's'}`,
        text: `What changed since your last digest:\n\n${lines.join('\n')}\n\nOpen Z-VIEW to see them in the notification centre.`,
      },
      { ...(mail.smtpUrl ? { smtpUrl: mail.smtpUrl } : {}), from: mail.from, ...(mail.log ? { log: mail.log } : {}) },
    );
    await markEmailed(db, g.ids);
  }
  return groups.length;
}
