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

const alertRuleFields = {
  name: z.string().trim().min(1, 'Give the rule a name.').max(200),
  kind: z.enum(ALERT_KINDS),
  threshold: z.number().min(0).max(100).nullable(),
  minDelta: z.number().positive().max(100).nullable(),
  product: z.enum(PORTFOLIO_PRODUCTS).nullable(),
  cause: z.enum(CHANGE_CAUSES).nullable(),
  channels: z.array(z.enum(ALERT_CHANNELS)).min(1, 'Choose at least one channel.'),
};
export const ALERT_RULE_NEEDS_THRESHOLD = 'A threshold rule needs a threshold.';
export const ALERT_RULE_NEEDS_DELTA = 'A change rule needs minDelta (points).';

/** The message a rule's kind and numbers answer when they do not fit together, or null. */
export function alertRuleProblem(r: { kind: string; threshold: number | null; minDelta: number | null }) {
  if (r.kind === 'threshold' && r.threshold === null) return ALERT_RULE_NEEDS_THRESHOLD;
  if (r.kind === 'delta' && r.minDelta === null) return ALERT_RULE_NEEDS_DELTA;
  return null;
}

export const alertRuleInputSchema = z
  .object({
    ...alertRuleFields,
    threshold: alertRuleFields.threshold.default(null),
    minDelta: alertRuleFields.minDelta.default(null),
    product: alertRuleFields.product.default(null),
    cause: alertRuleFields.cause.default(null),
    channels: alertRuleFields.channels.default(['in_app']),
  })
  .refine((r) => r.kind !== 'threshold' || r.threshold !== null, ALERT_RULE_NEEDS_THRESHOLD)
  .refine((r) => r.kind !== 'delta' || r.minDelta !== null, ALERT_RULE_NEEDS_DELTA);
export type AlertRuleInput = z.input<typeof alertRuleInputSchema>;

/** PATCH of a rule: any of its fields, and `enabled`; the merged rule must still fit together. */
export const alertRulePatchSchema = z
  .object({
    name: alertRuleFields.name.optional(),
    kind: alertRuleFields.kind.optional(),
    threshold: alertRuleFields.threshold.optional(),
    minDelta: alertRuleFields.minDelta.optional(),
    product: alertRuleFields.product.optional(),
    cause: alertRuleFields.cause.optional(),
    channels: alertRuleFields.channels.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type AlertRulePatch = z.infer<typeof alertRulePatchSchema>;
export const alertRuleIdParams = z.object({ id: z.coerce.number().int().positive() });

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
export type AlertRuleDto = z.infer<typeof alertRuleSchema>;
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
  /**
   * The signing secrets, newest first, each by its last characters only (`whsec_…Ab3=`): a secret is
   * shown once, in the answer that made it; a rotated one shows until when it still signs.
   */
  secrets: z.array(z.object({ hint: z.string(), createdAt: z.string(), expiresAt: z.string().nullable() })),
});
export type WebhookEndpointDto = z.infer<typeof webhookEndpointSchema>;
/** The answer of a create or a rotation: the endpoint and its new secret, this once. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({
  secret: z.string().describe('The new signing secret (whsec_…): shown only in this answer.'),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;
export const webhookEndpointsSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export const webhookEndpointIdParams = z.object({ id: z.coerce.number().int().positive() });

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
export type WebhookLog = z.infer<typeof webhookLogSchema>;
export const webhookRedeliveredSchema = z.object({ lane: z.string() });
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
