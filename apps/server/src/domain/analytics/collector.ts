import { randomUUID } from 'node:crypto';
import {
  ANALYTICS,
  COLLECTOR_MAX_BATCH_BYTES,
  type SegmentBatchInput,
  type SegmentMessageInput,
} from '@zview/contracts';
import type { AnalyticsRow, AnalyticsWriter } from '../../db/analytics.js';
import { badRequest } from '../app-error.js';

/** Who a batch is attributed to when it came with a verified bearer token. */
export interface Attribution {
  userId: string;
  organizationId: number;
}

export interface CollectRequest {
  /** The write key the request presented (Basic auth user, else the body's writeKey). */
  writeKey: string | undefined;
  /** Bytes of the request body. */
  bodyBytes: number;
  receivedAt: Date;
  /**
   * With token auth: the signed-in user and the organisation acted for, given a message's
   * organisation (context.groupId); overrides what the messages claim.
   */
  attribute?: (groupId: string | undefined) => Promise<Attribution>;
}

const MAX_FUTURE_MS = 24 * 3600_000;
const MAX_PAST_MS = 2 * 365 * 24 * 3600_000;
const MAX_DEPTH = 32;
const ORG_ID = /^[1-9][0-9]{0,9}$/;

/**
 * The collector (POST /v1/batch, Segment HTTP tracking API): checks the write key and the size
 * limits (each refusal names its limit), turns each message into a row and hands them to the
 * group-commit writer. Returns how many messages were new (a replayed messageId is stored once).
 */
export async function collectBatch(
  writer: AnalyticsWriter,
  acceptedWriteKey: string | undefined,
  batch: SegmentBatchInput,
  request: CollectRequest,
): Promise<number> {
  if (!request.writeKey) throw badRequest('A write key is required (Basic auth or the writeKey field).');
  if (!acceptedWriteKey || request.writeKey !== acceptedWriteKey) throw badRequest('Unknown write key.');
  if (request.bodyBytes > COLLECTOR_MAX_BATCH_BYTES)
    throw badRequest(`The batch is over the ${COLLECTOR_MAX_BATCH_BYTES / 1024} KB limit per batch.`);
  const sentAt = batch.sentAt ? new Date(batch.sentAt) : null;
  const rows: AnalyticsRow[] = [];
  const attributions = new Map<string | undefined, Promise<Attribution>>();
  for (const [index, message] of batch.batch.entries()) {
    const groupId = organizationOf(message);
    // Only a verified token names a user or an organisation (issue 39): without one, what the
    // message claims is kept as a claim in its context, never in the columns reports count.
    let who: { userId: string | null; organizationId: number | null } = { userId: null, organizationId: null };
    const claimed =
      !request.attribute && (message.userId !== undefined || groupId !== undefined)
        ? { claimed: { userId: message.userId ?? null, groupId: groupId ?? null } }
        : {};
    if (request.attribute) {
      if (!attributions.has(groupId)) attributions.set(groupId, request.attribute(groupId));
      who = await attributions.get(groupId)!;
    }
    rows.push({
      writeKey: request.writeKey,
      messageId: message.messageId ?? randomUUID(),
      occurredAt: eventTime(message, sentAt, request.receivedAt),
      sentAt,
      organizationId: who.organizationId,
      userId: who.userId,
      anonymousId: message.anonymousId ?? null,
      type: message.type,
      event:
        message.type === 'track'
          ? (message.event ?? null)
          : message.type === 'page' || message.type === 'screen'
            ? (message.name ?? null)
            : null,
      properties: storable(payloadOf(message), `batch[${index}]`),
      context: storable({ ...message.context, ...claimed }, `batch[${index}].context`),
    });
  }
  return writer.write(rows);
}

/** The organisation a message is about: a group call's groupId, else context.groupId. */
function organizationOf(message: SegmentMessageInput): string | undefined {
  const raw = message.type === 'group' ? message.groupId : message.context?.groupId;
  const text = typeof raw === 'number' ? String(raw) : raw;
  return typeof text === 'string' && ORG_ID.test(text) && Number(text) <= 2_147_483_647 ? text : undefined;
}

function payloadOf(message: SegmentMessageInput): Record<string, unknown> {
  switch (message.type) {
    case 'identify':
    case 'group':
      return { ...message.traits, ...(message.type === 'group' ? { groupId: message.groupId } : {}) };
    case 'alias':
      return { previousId: message.previousId };
    case 'page':
    case 'screen':
      return { ...message.properties, ...(message.category ? { category: message.category } : {}) };
    default:
      return message.properties ?? {};
  }
}

/**
 * The message's own time, kept as sent so that a retried message (same messageId and timestamp)
 * is recognised; a time more than a day ahead or two years behind the server's is replaced by
 * the time received (clock errors must not create partitions for other centuries).
 */
function eventTime(message: SegmentMessageInput, sentAt: Date | null, receivedAt: Date): Date {
  const stated = message.timestamp ? new Date(message.timestamp) : (sentAt ?? receivedAt);
  const skew = stated.getTime() - receivedAt.getTime();
  return skew > MAX_FUTURE_MS || skew < -MAX_PAST_MS ? receivedAt : stated;
}

/**
 * A copy PostgreSQL's jsonb accepts: NUL characters and lone surrogates removed from strings and
 * keys; nesting deeper than 32 levels is refused (400).
 */
export function storable(value: Record<string, unknown>, where: string): Record<string, unknown> {
  const clean = (v: unknown, depth: number): unknown => {
    if (depth > MAX_DEPTH) throw badRequest(`${where} is nested more than ${MAX_DEPTH} levels deep.`);
    if (typeof v === 'string') return cleanText(v);
    if (Array.isArray(v)) return v.map((item) => clean(item, depth + 1));
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, item]) => [cleanText(k), clean(item, depth + 1)]));
    return v;
  };
  return clean(value, 0) as Record<string, unknown>;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const cleanText = (text: string) => text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');

export const COLLECTOR_LIMITS = { maxEventBytes: ANALYTICS.maxEventBytes, maxBatchBytes: COLLECTOR_MAX_BATCH_BYTES };
