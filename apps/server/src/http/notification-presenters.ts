import type { deliveryLog } from '../domain/notifications/webhooks.js';
import type { AlertRulesTable, NotificationsTable, WebhookEndpointsTable } from '../db/schema.js';
import type { Selectable } from 'kysely';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentNotification(
  n: Pick<Selectable<NotificationsTable>, 'id' | 'kind' | 'title' | 'body' | 'link' | 'created_at' | 'read_at'>,
) {
  return {
    id: String(n.id),
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link,
    createdAt: n.created_at.toISOString(),
    readAt: iso(n.read_at),
  };
}

export function presentRule(r: Selectable<AlertRulesTable>) {
  return {
    id: r.id,
    portfolioId: r.portfolio_id,
    name: r.name,
    kind: r.kind,
    threshold: r.threshold,
    minDelta: r.min_delta,
    product: r.product,
    cause: r.cause,
    channels: r.channels,
    enabled: r.enabled,
  };
}

export function presentEndpoint(
  e: Omit<Selectable<WebhookEndpointsTable>, 'created_by' | 'organization_id'> & { organization_id?: number },
) {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    eventTypes: e.event_types,
    enabled: e.enabled,
    disabledReason: e.disabled_reason,
    failingSince: iso(e.failing_since),
    createdAt: e.created_at.toISOString(),
    secrets: e.secrets.map((s) => ({ hint: secretHint(s.secret), createdAt: s.createdAt, expiresAt: s.expiresAt })),
  };
}

/** A secret by its last characters: enough to tell two apart, never enough to sign. */
export const secretHint = (secret: string) => `whsec_…${secret.slice(-4)}`;

/** The answer of a create or a rotation: the endpoint and, this once, its newest secret in full. */
export function presentEndpointWithSecret(e: Parameters<typeof presentEndpoint>[0]) {
  return { ...presentEndpoint(e), secret: e.secrets[0]!.secret };
}

export function presentLog(log: Awaited<ReturnType<typeof deliveryLog>>) {
  return {
    attempts: log.attempts.map((a) => ({
      id: String(a.id),
      messageId: `msg_${a.message_id}`,
      attemptedAt: a.attempted_at.toISOString(),
      statusCode: a.status_code,
      error: a.error,
      durationMs: a.duration_ms,
    })),
    deliveries: log.deliveries.map((d) => ({
      messageId: `msg_${d.message_id}`,
      eventType: d.event_type,
      status: d.status,
      attempts: d.attempts,
      nextAttemptAt: d.next_attempt_at.toISOString(),
      lastStatusCode: d.last_status_code,
      lastError: d.last_error,
      deliveredAt: iso(d.delivered_at),
    })),
  };
}
