import type { AddressInfo } from 'node:net';
import { Analytics } from '@segment/analytics-node';
import { AnalyticsClient } from '@zview/analytics';
import { ANALYTICS, COLLECTOR_MAX_BATCH_BYTES } from '@zview/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/** The Segment-compatible collector: POST /v1/batch (SPEC §7 "Analytics"), stored in analytics_events. */
const { app, db } = await useTestApp();
const org = await createOrganization(db, { name: 'Analytics Mutual', products: ['zfire'] });
const user = await createUser(db, { org });
const { authorization } = await authHeader(app, user);
const token = authorization.replace('Bearer ', '');
const writeKey = app.ctx.config.runtime.ANALYTICS_WRITE_KEY!;
await app.listen({ port: 0, host: '127.0.0.1' });
const host = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const message = (extra: Record<string, unknown> = {}) => ({
  type: 'track',
  event: 'submit_request',
  anonymousId: 'anon-1',
  messageId: crypto.randomUUID(),
  timestamp: new Date().toISOString(),
  properties: {},
  ...extra,
});
const post = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/v1/batch', headers, payload: payload as object });
const rowsOf = (messageIds: string[]) =>
  db.selectFrom('analytics_events').selectAll().where('message_id', 'in', messageIds).execute();

describe('POST /v1/batch', () => {
  it("receives the official Segment node client's batches (track, identify, group, page, screen, alias)", async () => {
    const analytics = new Analytics({ writeKey, host, path: '/v1/batch', flushAt: 3, maxRetries: 0 });
    const failures: unknown[] = [];
    analytics.on('error', (error) => failures.push(error));
    const userId = `segment-node-${Date.now()}`;
    analytics.identify({ userId, traits: { email: 'node@x.test', firstName: 'Node' } });
    analytics.group({ userId, groupId: String(org.id), traits: { name: org.name } });
    analytics.track({
      userId,
      event: 'submit_request',
      properties: { location_type: 'address' },
      context: { groupId: String(org.id) },
    });
    analytics.page({ userId, name: 'scores' });
    analytics.screen({ userId, name: 'map' });
    analytics.alias({ userId, previousId: 'anon-node' });
    await analytics.closeAndFlush({ timeout: 10_000 });
    expect(failures).toEqual([]);
    // No token proved who sent them: the user and organisation they name are kept as claims only.
    const rows = await db
      .selectFrom('analytics_events')
      .selectAll()
      .where(sql<string>`context->'claimed'->>'userId'`, '=', userId)
      .orderBy('occurred_at')
      .execute();
    expect(rows.map((r) => r.type).sort()).toEqual(['alias', 'group', 'identify', 'page', 'screen', 'track']);
    expect(rows.every((r) => r.user_id === null && r.organization_id === null)).toBe(true);
    const tracked = rows.find((r) => r.type === 'track')!;
    expect(tracked).toMatchObject({
      event: 'submit_request',
      organization_id: null,
      properties: { location_type: 'address' },
      context: { claimed: { userId, groupId: String(org.id) } },
    });
    expect(rows.find((r) => r.type === 'identify')!.properties).toMatchObject({
      email: 'node@x.test',
      firstName: 'Node',
    });
    expect(rows.find((r) => r.type === 'page')!.event).toBe('scores');
  });

  it("accepts our client's batches, and with token auth attributes them to the signed-in user and the organisation", async () => {
    const client = new AnalyticsClient({ writeKey, host, flushAt: 15, tokenAuth: { getToken: () => token } });
    const failed: unknown[] = [];
    client.on('delivery_failure', (_d, reason) => failed.push(reason));
    const deliveries = await Promise.all([
      client.identify({ userId: 'claimed-by-client', traits: { email: user.email } }),
      client.track({
        event: 'page_view',
        anonymousId: 'a',
        properties: { path: '/scores' },
        context: { groupId: String(org.id) },
      }),
      client.flush().then(() => undefined),
    ]);
    expect(failed).toEqual([]);
    const ids = deliveries.filter((d) => d !== undefined).map((d) => d!.message.messageId);
    const rows = await rowsOf(ids);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.user_id === user.id && r.organization_id === org.id)).toBe(true);
  });

  it('refuses a bad bearer token with 401 (the client then clears it)', async () => {
    const res = await post({ writeKey, batch: [message()] }, { authorization: 'Bearer not.a.token' });
    expect(res.statusCode).toBe(401);
  });

  it('takes the write key from Basic auth or the body, and refuses a missing or unknown one with 400', async () => {
    const basic = `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}`;
    expect((await post({ batch: [message()] }, { authorization: basic })).statusCode).toBe(200);
    expect((await post({ writeKey, batch: [message()] })).statusCode).toBe(200);
    const missing = await post({ batch: [message()] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/write key is required/);
    const unknown = await post({ writeKey: 'not-ours', batch: [message()] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Unknown write key.');
  });

  it('never attributes an unauthenticated event to the user or organisation it names', async () => {
    const forged = message({ userId: user.id, context: { groupId: String(org.id) } });
    expect((await post({ writeKey, batch: [forged] })).statusCode).toBe(200);
    const [row] = await rowsOf([forged.messageId]);
    expect(row).toMatchObject({ user_id: null, organization_id: null });
  });

  it('refuses a batch over 480 KB (SPEC: 480 KB per batch)', async () => {
    expect(COLLECTOR_MAX_BATCH_BYTES).toBe(480 * 1024);
    const batch = Array.from({ length: 17 }, () => message({ properties: { blob: 'z'.repeat(29 * 1024) } }));
    const bytes = Buffer.byteLength(JSON.stringify({ writeKey, batch }));
    expect(bytes).toBeGreaterThan(480 * 1024);
    expect(bytes).toBeLessThan(500 * 1024);
    const res = await post({ writeKey, batch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('480 KB limit per batch');
  });

  it('refuses a message over 32 KB and a batch over 480 KB with a 400 naming the limit, storing nothing', async () => {
    const big = message({ properties: { blob: 'x'.repeat(ANALYTICS.maxEventBytes) } });
    const tooBig = await post({ writeKey, batch: [message(), big] });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.message).toContain('32 KB limit per event');
    const batch = Array.from({ length: 20 }, () => message({ properties: { blob: 'y'.repeat(30 * 1024) } }));
    const huge = await post({ writeKey, batch });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.message).toContain(`${COLLECTOR_MAX_BATCH_BYTES / 1024} KB limit per batch`);
    expect(await rowsOf(batch.map((m) => m.messageId))).toEqual([]);
  });

  it('deduplicates by messageId: a replayed batch is stored once', async () => {
    const batch = [message(), message({ type: 'identify', userId: 'u-dup', traits: { email: 'd@x.test' } })];
    expect((await post({ writeKey, batch })).statusCode).toBe(200);
    expect((await post({ writeKey, batch: [...batch, batch[0]] })).statusCode).toBe(200);
    expect(await rowsOf(batch.map((m) => m.messageId))).toHaveLength(2);
  });

  it('deduplicates by messageId whatever the timestamp: a retry with another time, or none, is stored once', async () => {
    const first = message({ timestamp: '2026-01-15T10:00:00.000Z' });
    expect((await post({ writeKey, batch: [first] })).statusCode).toBe(200);
    const later = { ...first, timestamp: '2026-03-02T10:00:00.000Z' };
    const untimed = { ...first, timestamp: undefined };
    expect((await post({ writeKey, batch: [later] })).statusCode).toBe(200);
    expect((await post({ writeKey, batch: [untimed] })).statusCode).toBe(200);
    const rows = await rowsOf([first.messageId]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.occurred_at.toISOString()).toBe('2026-01-15T10:00:00.000Z');
  });

  it('stores events in monthly partitions, creating a month when first needed', async () => {
    const old = message({ timestamp: '2025-03-14T10:00:00.000Z' });
    expect((await post({ writeKey, batch: [old, message()] })).statusCode).toBe(200);
    const placed = await sql<{
      partition: string;
      message_id: string;
    }>`SELECT tableoid::regclass::text AS partition, message_id FROM analytics_events WHERE message_id = ${old.messageId}`.execute(
      db,
    );
    expect(placed.rows[0]!.partition).toBe('analytics_events_y2025m03');
    const kind = await sql<{
      relkind: string;
    }>`SELECT relkind FROM pg_class WHERE relname = 'analytics_events'`.execute(db);
    expect(kind.rows[0]!.relkind).toBe('p');
  });

  it('validates the Segment spec: wrong types, missing ids and names, control characters → 400; NUL inside properties is stored without it', async () => {
    const bad = [
      { writeKey, batch: [] },
      { writeKey, batch: [{ type: 'track', anonymousId: 'a' }] },
      { writeKey, batch: [{ type: 'identify', traits: {} }] },
      { writeKey, batch: [{ type: 'group', userId: 'u' }] },
      { writeKey, batch: [{ type: 'alias', userId: 'u' }] },
      { writeKey, batch: [{ type: 'launch', userId: 'u' }] },
      { writeKey, batch: [message({ event: 'bad\u0000name' })] },
      { writeKey, batch: [message({ timestamp: 'yesterday' })] },
      { writeKey, batch: [message({ properties: 'not an object' })] },
      { writeKey, batch: 'nope' },
      { writeKey, batch: [message({ properties: { deep: JSON.parse('['.repeat(40) + ']'.repeat(40)) } })] },
    ];
    for (const payload of bad) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400);
    }
    const withNul = message({
      properties: { note: 'a\u0000b', ['k\u0000']: '\ud800x' },
      timestamp: '9999-01-01T00:00:00.000Z',
    });
    expect((await post({ writeKey, batch: [withNul] })).statusCode).toBe(200);
    const [row] = await rowsOf([withNul.messageId]);
    expect(row!.properties).toEqual({ note: 'ab', k: '\ufffdx' });
    // A time far in the future is replaced by the time received.
    expect(Math.abs(row!.occurred_at.getTime() - Date.now())).toBeLessThan(60_000);
  });
});
