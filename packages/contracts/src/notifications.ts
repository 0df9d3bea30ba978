import { z } from 'zod';
import { CHANGE_CAUSES } from './monitoring.js';
import { PORTFOLIO_PRODUCTS } from './products.js';

/** The notification centre, alert rules and webhook endpoints (issue 41). */

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  page: z.coerce.number().int().min(1).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(20),
});
export const notificationsPageSchema = z.object({ items: z.array(notificationSchema), unread: z.number().int() });
export const unreadCountSchema = z.object({ unread: z.number().int() });
export const notificationIdParams = z.object({ id: z.string().regex(/^\d{1,18}$/, 'Not a notification id.') });

export const ALERT_CHANNELS = ['in_app', 'email', 'webhook'] as const;
export const ALERT_KINDS = ['level_change', 'threshold', 'delta'] as const;

export const alertRuleInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the rule a name.').max(200),
    kind: z.enum(ALERT_KINDS),
    threshold: z.number().min(0).max(100).nullable().default(null),
    minDelta: z.number().positive().max(100).nullable().default(null),
    product: z.enum(PORTFOLIO_PRODUCTS).nullable().default(null),
    cause: z.enum(CHANGE_CAUSES).nullable().default(null),
    channels: z.array(z.enum(ALERT_CHANNELS)).min(1, 'Choose at least one channel.').default(['in_app']),
  })
  .refine((r) => r.kind !== 'threshold' || r.threshold !== null, 'A threshold rule needs a threshold.')
  .refine((r) => r.kind !== 'delta' || r.minDelta !== null, 'A change rule needs minDelta (points).');

export const alertRuleSchema = z.object({
  id: z.number().int(),
  portfolioId: z.number().int(),
  name: z.string(),
  kind: z.enum(ALERT_KINDS),
  threshold: z.number().nullable(),
  minDelta: z.number().nullable(),
  product: z.string().nullable(),
  cause: z.string().nullable(),
  channels: z.array(z.string()),
  enabled: z.boolean(),
});
export const alertRulesSchema = z.object({ rules: z.array(alertRuleSchema) });

export const WEBHOOK_EVENT_TYPES = [
  'score.changed',
  'portfolio.ready',
  'portfolio.failed',
  'appeal.status_changed',
  /** A statutory deadline of an appeal or mitigation request is near or passed (issue 42). */
  'appeal.deadline',
] as const;

export const webhookEndpointInputSchema = z.object({
  url: z.string().trim().min(1).max(2000),
  description: z.string().max(500).default(''),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)).default([]),
});
export const webhookEndpointPatchSchema = z.object({
  url: z.string().trim().min(1).max(2000).optional(),
  description: z.string().max(500).optional(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)).optional(),
  enabled: z.boolean().optional(),
});

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
  /** The signing secrets (whsec_…), newest first; a rotated one shows until when it still signs. */
  secrets: z.array(z.object({ secret: z.string(), createdAt: z.string(), expiresAt: z.string().nullable() })),
});
export const webhookEndpointsSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

export const webhookLogSchema = z.object({
  attempts: z.array(
    z.object({
      id: z.string(),
      messageId: z.string(),
      attemptedAt: z.string(),
      statusCode: z.number().int().nullable(),
      error: z.string().nullable(),
      durationMs: z.number().int(),
    }),
  ),
  deliveries: z.array(
    z.object({
      messageId: z.string(),
      eventType: z.string(),
      status: z.enum(['pending', 'succeeded', 'failed']),
      attempts: z.number().int(),
      nextAttemptAt: z.string(),
      lastStatusCode: z.number().int().nullable(),
      lastError: z.string().nullable(),
      deliveredAt: z.string().nullable(),
    }),
  ),
});
export const webhookRedeliverParams = z.object({
  id: z.coerce.number().int().positive(),
  messageId: z.string().regex(/^(msg_)?\d{1,18}$/, 'Not a message id.'),
});
/** POST …/messages/:messageId/redeliver (202): the delivery lane the message was queued on. */
export const webhookRedeliveryResponseSchema = z.object({ lane: z.string() });
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(200).default(50),
});
