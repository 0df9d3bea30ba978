import { z } from 'zod';
import type { Db } from '../db/database.js';
import { dueLanes } from '../db/webhooks.js';
import { deliverLane, type DeliveryOptions } from '../domain/notifications/delivery.js';
import { sendDigests } from '../domain/notifications/digest.js';
import { notifyPortfolioAndAppealEvents } from '../domain/notifications/watchers.js';
import { currentLog } from '../ops/logger.js';
import { defineJob, type JobQueue } from './queue.js';

/**
 * Delivery of notifications on the worker (issue 41): webhook lanes (one job per endpoint and
 * portfolio lane; a lane's deliveries go in order, lanes side by side), a sweep that queues the
 * lanes with deliveries due (new messages, retries whose time came), and the email digest.
 * Nothing here runs on the API's event loop.
 */
export const webhookLaneJob = defineJob({
  id: 'webhook-lane',
  version: 1,
  schema: z.object({ endpointId: z.number().int(), lane: z.string() }),
  expireInSeconds: 10 * 60,
  retryLimit: 3,
  retryDelaySeconds: 5,
});

export const notificationSweepJob = defineJob({
  id: 'notification-sweep',
  version: 1,
  schema: z.object({}),
  expireInSeconds: 5 * 60,
  retryLimit: 1,
  retryDelaySeconds: 5,
});

export interface NotificationWorkerOptions {
  sweepMs?: number;
  laneConcurrency?: number;
  delivery?: DeliveryOptions;
  mail: { smtpUrl?: string; from: string; appUrl?: string };
  digestSettleMs?: number;
}

/** Queues a job per lane with a delivery due. */
export async function sweepWebhooks(db: Db, queue: JobQueue) {
  const lanes = await dueLanes(db);
  await queue.send(
    webhookLaneJob,
    lanes.map((l) => ({ endpointId: l.endpoint_id, lane: l.lane })),
  );
  return lanes.length;
}

export async function startNotificationWorker(db: Db, queue: JobQueue, options: NotificationWorkerOptions) {
  await queue.work(
    webhookLaneJob,
    async ({ endpointId, lane }) => {
      const outcome = await deliverLane(db, endpointId, lane, options.delivery);
      if (outcome.state === 'more') await queue.send(webhookLaneJob, [{ endpointId, lane }]);
    },
    { concurrency: options.laneConcurrency ?? 8 },
  );
  await queue.work(notificationSweepJob, async () => {
    await notifyPortfolioAndAppealEvents(db);
    await sweepWebhooks(db, queue);
    const mailed = await sendDigests(db, options.mail, { settleMs: options.digestSettleMs ?? 60_000 });
    if (mailed) currentLog().info({ mailed }, 'notification digests mailed');
  });
  await queue.send(notificationSweepJob, [{}]);
  const timer = setInterval(
    () => void queue.send(notificationSweepJob, [{}]).catch(() => {}),
    options.sweepMs ?? 10_000,
  );
  timer.unref();
  return () => clearInterval(timer);
}

/** Wakes a lane now (a redeliver, a new message). */
export const wakeLane = (queue: JobQueue, endpointId: number, lane: string) =>
  queue.send(webhookLaneJob, [{ endpointId, lane }]);
