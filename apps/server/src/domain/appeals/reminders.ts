import { PRODUCT_DISPLAY_NAMES, type ProductKey } from '@zview/contracts';
import { appealsToRemind, insertAppealEvent, updateAppeal } from '../../db/appeals.js';
import type { Db } from '../../db/database.js';
import { sendMail } from '../../auth/mail.js';
import { nextDeadline } from './timers.js';

/** Reminders go out this long before the nearest unmet deadline (once per appeal). */
export const REMINDER_LEAD_MS = 2 * 86_400_000;

export interface DeadlineReminder {
  organizationId: number;
  appealId: number;
  recipient: string;
  deadline: 'acknowledge' | 'decide' | 'rescore';
  due: Date;
  subject: string;
  text: string;
}

/**
 * THE SEAM for deadline reminders. Today: an email through the outbox (auth/mail.ts). When the
 * in-app notification centre (domain/notifications `notify()`, another branch) lands, call it
 * here as well; nothing else needs to change.
 */
export async function deliverDeadlineReminder(
  db: Db,
  reminder: DeadlineReminder,
  mail: { smtpUrl?: string; from: string },
): Promise<void> {
  await sendMail(
    db,
    { kind: 'appeal_reminder', to: reminder.recipient, subject: reminder.subject, text: reminder.text },
    {
      ...mail,
      log: () => {},
    },
  );
}

const WORDS = { acknowledge: 'acknowledge', decide: 'decide', rescore: 're-score after mitigation' } as const;

/**
 * Sends one reminder per open appeal whose nearest unmet deadline falls within REMINDER_LEAD_MS
 * (or has passed), to the person who opened it, and records `reminder_sent` in its audit trail.
 * Returns how many were sent.
 */
export async function remindDueAppeals(db: Db, now: Date, mail: { smtpUrl?: string; from: string }): Promise<number> {
  const due = await appealsToRemind(db, new Date(now.getTime() + REMINDER_LEAD_MS));
  let sent = 0;
  for (const row of due) {
    const next = nextDeadline({
      acknowledgeBy: row.acknowledge_by,
      decideBy: row.decide_by,
      rescoreBy: row.rescore_by,
      acknowledgedAt: row.acknowledged_at,
      decidedAt: row.decided_at,
      rescoredAt: row.rescored_at,
    });
    if (!next) continue;
    const product = PRODUCT_DISPLAY_NAMES[row.product as ProductKey] ?? row.product;
    const what = row.kind === 'mitigation' ? 'mitigation request' : 'appeal';
    if (row.creator_email)
      await deliverDeadlineReminder(
        db,
        {
          organizationId: row.organization_id,
          appealId: row.id,
          recipient: row.creator_email,
          deadline: next.kind,
          due: next.at,
          subject: `Z-VIEW: ${what} #${row.id} must be ${next.kind === 'rescore' ? 're-scored' : `${next.kind}d`} by ${next.at.toISOString().slice(0, 10)}`,
          text: `The ${what} #${row.id} (${product}, property ${row.property_id}) must be handled: ${WORDS[next.kind]} by ${next.at.toISOString()}.`,
        },
        mail,
      );
    await db.transaction().execute(async (trx) => {
      await updateAppeal(trx, row.organization_id, row.id, { remindedAt: now });
      await insertAppealEvent(trx, {
        appealId: row.id,
        organizationId: row.organization_id,
        propertyId: row.property_id,
        product: row.product,
        action: 'reminder_sent',
        fromStatus: row.status,
        toStatus: row.status,
        actorId: null,
        actorEmail: null,
        details: { deadline: next.kind, due: next.at.toISOString(), recipient: row.creator_email },
      });
    });
    sent += 1;
  }
  return sent;
}
