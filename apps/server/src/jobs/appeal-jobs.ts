import { z } from 'zod';
import type { Db } from '../db/database.js';
import { expireOverdue } from '../domain/appeals/service.js';
import { remindDueAppeals } from '../domain/appeals/reminders.js';
import { defineJob, type JobQueue } from './queue.js';
import { currentLog } from '../ops/logger.js';

/**
 * Expires open appeals at their deadline (issue 16): a sweep job on the queue, sent when a
 * worker starts and every few minutes after; whichever worker takes it expires every open appeal
 * past its deadline in one statement (rows locked SKIP LOCKED, so overlapping sweeps are harmless).
 */
export const appealExpiryJob = defineJob({
  id: 'appeals-expire',
  version: 1,
  schema: z.object({}),
  expireInSeconds: 5 * 60,
  retryLimit: 3,
  retryDelaySeconds: 30,
});

export const APPEAL_EXPIRY_SWEEP_MS = 5 * 60_000;

export async function startAppealExpiryWorker(db: Db, queue: JobQueue, options: { sweepMs?: number } = {}) {
  await queue.work(appealExpiryJob, async () => {
    const expired = await expireOverdue(db);
    if (expired) currentLog().info({ expired }, 'overdue appeals expired');
    // Statutory deadline reminders (issue 42) ride on the same sweep.
    const reminded = await remindDueAppeals(db, new Date());
    if (reminded) currentLog().info({ reminded }, 'appeal deadline reminders sent');
  });
  await queue.send(appealExpiryJob, [{}]);
  const timer = setInterval(
    () => void queue.send(appealExpiryJob, [{}]).catch(() => {}),
    options.sweepMs ?? APPEAL_EXPIRY_SWEEP_MS,
  );
  timer.unref();
  return () => clearInterval(timer);
}
