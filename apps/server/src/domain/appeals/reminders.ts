import { PRODUCT_DISPLAY_NAMES, type ProductKey } from '@zview/contracts';
import { appealsToRemind, insertAppealEvent, updateAppeal } from '../../db/appeals.js';
import type { Db } from '../../db/database.js';
import { notify } from '../notifications/index.js';
import { nextDeadline } from './timers.js';

/** Reminders go out this long before the nearest unmet deadline, and once more when it has passed unmet. */
export const REMINDER_LEAD_MS = 2 * 86_400_000;

export interface DeadlineReminder {
  organizationId: number;
  appealId: number;
  propertyId: string;
  product: string;
  kind: 'appeal' | 'mitigation';
  /** The user who opened the appeal (null when that user is gone: the group admins still hear). */
  openedBy: string | null;
  deadline: 'acknowledge' | 'decide' | 'rescore';
  due: Date;
  overdue: boolean;
  title: string;
  text: string;
}

/**
 * THE SEAM for deadline reminders: the notification channel's one entry point, `notify()`. The
 * person who opened the appeal and the organisation's group admins (who acknowledge and decide)
 * see it in the notification centre, get it in their email digest, and the organisation's
 * webhook endpoints that subscribe to `appeal.deadline` receive it.
 */
export async function deliverDeadlineReminder(db: Db, reminder: DeadlineReminder): Promise<void> {
  const data = {
    appealId: reminder.appealId,
    propertyId: reminder.propertyId,
    product: reminder.product,
    kind: reminder.kind,
    deadline: reminder.deadline,
    due: reminder.due.toISOString(),
    overdue: reminder.overdue,
  };
  await notify(db, {
    organizationId: reminder.organizationId,
    kind: 'appeal.deadline',
    title: reminder.title,
    body: reminder.text,
    link: `/appeals/${reminder.appealId}`,
    to: { userIds: reminder.openedBy ? [reminder.openedBy] : [], admins: true },
    data,
    webhook: { eventType: 'appeal.deadline', lane: `appeal:${reminder.appealId}`, data },
  });
}

const WORDS = { acknowledge: 'acknowledge', decide: 'decide', rescore: 're-score after mitigation' } as const;

/**
 * Reminds every open appeal whose nearest unmet deadline falls within REMINDER_LEAD_MS (once per
 * deadline) or has passed (once more), through `notify()`, and records `reminder_sent` in its
 * audit trail. Returns how many were sent.
 */
export async function remindDueAppeals(db: Db, now: Date): Promise<number> {
  const due = await appealsToRemind(db, now, REMINDER_LEAD_MS);
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
    const overdue = next.at.getTime() < now.getTime();
    const verb = next.kind === 'rescore' ? 're-scored' : `${next.kind}d`;
    const date = next.at.toISOString().slice(0, 10);
    await deliverDeadlineReminder(db, {
      organizationId: row.organization_id,
      appealId: row.id,
      propertyId: row.property_id,
      product: row.product,
      kind: row.kind,
      openedBy: row.creator_id,
      deadline: next.kind,
      due: next.at,
      overdue,
      title: overdue
        ? `Overdue: ${what} #${row.id} had to be ${verb} by ${date}`
        : `${what[0]!.toUpperCase()}${what.slice(1)} #${row.id} must be ${verb} by ${date}`,
      text: `The ${what} #${row.id} (${product}, property ${row.property_id}) must be handled: ${WORDS[next.kind]} by ${next.at.toISOString()}.`,
    });
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
        details: { deadline: next.kind, due: next.at.toISOString(), overdue, recipient: row.creator_email },
      });
    });
    sent += 1;
  }
  return sent;
}
