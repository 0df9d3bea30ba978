import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { WebhookSecret } from '../../db/schema.js';

/** Standard Webhooks signing: whsec_ secrets, webhook-id / webhook-timestamp / webhook-signature headers. */

export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** Secrets that still sign at `now`: the current one and rotated ones not expired yet. */
export const signingSecrets = (secrets: readonly WebhookSecret[], now: Date) =>
  secrets.filter((s) => s.expiresAt === null || Date.parse(s.expiresAt) > now.getTime());

/**
 * The headers of a message: one signature per live secret, space-separated, so a receiver that
 * still holds the old secret during a rotation verifies as well as one with the new.
 */
export function signedHeaders(
  messageId: string,
  body: string,
  secrets: readonly WebhookSecret[],
  now: Date,
): Record<string, string> {
  const signatures = signingSecrets(secrets, now).map((s) => new Webhook(s.secret).sign(messageId, now, body));
  return {
    'content-type': 'application/json',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
    'user-agent': 'Z-VIEW-Webhooks/1',
  };
}

/** Rotation: a new secret first; the previous ones sign for `overlapMs` more. */
export function rotated(secrets: readonly WebhookSecret[], now: Date, overlapMs: number): WebhookSecret[] {
  const until = new Date(now.getTime() + overlapMs).toISOString();
  return [
    { secret: newSecret(), createdAt: now.toISOString(), expiresAt: null },
    ...signingSecrets(secrets, now).map((s) => ({ ...s, expiresAt: s.expiresAt ?? until })),
  ];
}
