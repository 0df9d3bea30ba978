import type { Db } from '../../db/database.js';
import {
  disableEndpoint,
  laneHeads,
  lockLaneSession,
  markRetry,
  recordAttempt,
  recordDelivered,
  unlockLaneSession,
  type LaneHead,
} from '../../db/webhooks.js';
import { notify } from './notify.js';
import { signedHeaders } from './signing.js';

/**
 * Webhook delivery, one lane (endpoint, portfolio) at a time so events of a portfolio arrive in
 * order: the lane's oldest pending delivery is sent (signed); a 2xx moves on to the next, anything
 * else waits for its next attempt (the schedule below, hours long) and holds the lane behind it.
 * After the last attempt fails, the endpoint is disabled and the organisation's admins told.
 * A sender holds the lane's advisory lock (its session's) for the whole call, so two workers never
 * send one lane; deliveries are read fifty ahead and each outcome written as it comes.
 */

/** After the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (Standard Webhooks' usual schedule, ~28 h). */
export const RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const REQUEST_TIMEOUT_MS = 15_000;

export interface DeliveryOptions {
  retryScheduleMs?: readonly number[];
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** At most this many deliveries per call (the job queues the lane again). */
  limit?: number;
}

export type LaneOutcome = { sent: number; state: 'empty' | 'waiting' | 'busy' | 'disabled' | 'more'; retryAt?: Date };

/** How many deliveries of a lane are read ahead at once (sent one by one, in order). */
const BATCH = 50;

export async function deliverLane(
  db: Db,
  endpointId: number,
  lane: string,
  options: DeliveryOptions = {},
): Promise<LaneOutcome> {
  // One connection for the call: the lane's session lock is held across the requests, and no
  // transaction stays open while a receiver takes its time (200 ms, or up to the timeout).
  return db.connection().execute(async (conn) => {
    if (!(await lockLaneSession(conn, endpointId, lane))) return { sent: 0, state: 'busy' as const };
    try {
      return await sendLane(conn, endpointId, lane, options);
    } finally {
      await unlockLaneSession(conn, endpointId, lane);
    }
  });
}

async function sendLane(db: Db, endpointId: number, lane: string, options: DeliveryOptions): Promise<LaneOutcome> {
  const limit = options.limit ?? 500;
  let sent = 0;
  for (;;) {
    const heads = await laneHeads(db, endpointId, lane, Math.min(BATCH, limit - sent + 1));
    if (!heads.length) return { sent, state: 'empty' };
    for (const head of heads) {
      if (sent >= limit) return { sent, state: 'more' };
      if (!head.enabled) return { sent, state: 'disabled' };
      if (head.next_attempt_at.getTime() > Date.now()) return { sent, state: 'waiting', retryAt: head.next_attempt_at };
      const outcome = await sendOne(db, endpointId, head, options);
      if (outcome.state === 'sent') sent += 1;
      else return { sent, state: outcome.state, ...(outcome.retryAt ? { retryAt: outcome.retryAt } : {}) };
    }
  }
}

/** Sends one delivery and records its outcome: delivered (one statement), or its retry or the endpoint's end. */
async function sendOne(
  db: Db,
  endpointId: number,
  head: LaneHead,
  options: DeliveryOptions,
): Promise<{ state: 'sent' | 'waiting' | 'disabled'; retryAt?: Date }> {
  const send = options.fetch ?? fetch;
  const schedule = options.retryScheduleMs ?? RETRY_SCHEDULE_MS;
  const body = JSON.stringify(head.payload);
  const messageId = `msg_${head.message_id}`;
  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const response = await send(head.url, {
      method: 'POST',
      headers: signedHeaders(messageId, body, head.secrets, new Date()),
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
    });
    statusCode = response.status;
    await response.body?.cancel().catch(() => {});
    if (statusCode < 200 || statusCode >= 300) error = `HTTP ${statusCode}`;
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const durationMs = Math.round(performance.now() - started);
  if (error === null) {
    await recordDelivered(db, { messageId: head.message_id, endpointId, statusCode: statusCode!, durationMs });
    return { state: 'sent' };
  }
  return db.transaction().execute(async (trx) => {
    await recordAttempt(trx, { messageId: head.message_id, endpointId, statusCode, error, durationMs });
    const delay = schedule[head.attempts];
    if (delay === undefined) {
      const reason = `Disabled after ${head.attempts + 1} failed attempts to deliver ${messageId} (last: ${error}).`;
      await disableEndpoint(trx, endpointId, reason);
      await notify(trx, {
        organizationId: head.organization_id,
        kind: 'webhook.disabled',
        title: 'A webhook endpoint was disabled',
        body: `${head.url}: ${reason} Fix the receiver, then enable the endpoint again; nothing was lost.`,
        link: '/zportfolio/alerts',
        to: 'admins',
        data: { endpointId },
      });
      return { state: 'disabled' as const };
    }
    const retryAt = new Date(Date.now() + delay);
    await markRetry(trx, { messageId: head.message_id, endpointId, statusCode, error, nextAttemptAt: retryAt });
    return { state: 'waiting' as const, retryAt };
  });
}
