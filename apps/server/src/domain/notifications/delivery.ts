import type { Db } from '../../db/database.js';
import { disableEndpoint, laneHead, lockLane, markDelivered, markRetry, recordAttempt } from '../../db/webhooks.js';
import { notify } from './notify.js';
import { signedHeaders } from './signing.js';

/**
 * Webhook delivery, one lane (endpoint, portfolio) at a time so events of a portfolio arrive in
 * order: the lane's oldest pending delivery is sent (signed); a 2xx moves on to the next, anything
 * else waits for its next attempt (the schedule below, hours long) and holds the lane behind it.
 * After the last attempt fails, the endpoint is disabled and the organisation's admins told.
 * A sender holds the lane's advisory lock for the attempt, so two workers never send one lane.
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

export async function deliverLane(
  db: Db,
  endpointId: number,
  lane: string,
  options: DeliveryOptions = {},
): Promise<LaneOutcome> {
  const schedule = options.retryScheduleMs ?? RETRY_SCHEDULE_MS;
  const send = options.fetch ?? fetch;
  let sent = 0;
  for (;;) {
    if (sent >= (options.limit ?? 500)) return { sent, state: 'more' };
    const outcome = await db.transaction().execute(async (trx) => {
      if (!(await lockLane(trx, endpointId, lane))) return { state: 'busy' as const };
      const head = await laneHead(trx, endpointId, lane);
      if (!head) return { state: 'empty' as const };
      if (!head.enabled) return { state: 'disabled' as const };
      if (head.next_attempt_at.getTime() > Date.now())
        return { state: 'waiting' as const, retryAt: head.next_attempt_at };
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
      await recordAttempt(trx, { messageId: head.message_id, endpointId, statusCode, error, durationMs });
      if (error === null) {
        await markDelivered(trx, head.message_id, endpointId, statusCode!);
        return { state: 'sent' as const };
      }
      const delay = schedule[head.attempts];
      if (delay === undefined) {
        const reason = `Disabled after ${head.attempts + 1} failed attempts to deliver ${messageId} (last: ${error}).`;
        await disableEndpoint(trx, endpointId, reason);
        await notify(trx, {
          organizationId: head.organization_id,
          kind: 'webhook.disabled',
          title: 'A webhook endpoint was disabled',
          body: `${head.url}: ${reason} Fix the receiver, then enable the endpoint again; nothing was lost.`,
          link: '/zportfolio/webhooks',
          to: 'admins',
          data: { endpointId },
        });
        return { state: 'disabled' as const };
      }
      const retryAt = new Date(Date.now() + delay);
      await markRetry(trx, { messageId: head.message_id, endpointId, statusCode, error, nextAttemptAt: retryAt });
      return { state: 'waiting' as const, retryAt };
    });
    if (outcome.state !== 'sent') return { sent, ...outcome };
    sent += 1;
  }
}
