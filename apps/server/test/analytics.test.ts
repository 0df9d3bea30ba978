import { ANALYTICS, ANALYTICS_MAX_BATCH_EVENTS } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

const { app, db } = await useTestApp();
const org = await createOrganization(db, { name: 'Analytics Mutual', products: ['zfire'] });
const user = await createUser(db, { org });
const headers = await authHeader(app, user);
const writeKey = app.ctx.config.runtime.ANALYTICS_WRITE_KEY;

const event = (name: string, properties: Record<string, unknown> = {}) => ({ type: 'track', event: name, properties, timestamp: new Date().toISOString() });
const post = (payload: unknown, withHeaders: Record<string, string> = headers) => app.inject({ method: 'POST', url: '/api/analytics/events', headers: withHeaders, payload: payload as object });

describe('POST /api/analytics/events', () => {
  it("stores a batch for the signed-in user and organisation, whatever user id the client claims", async () => {
    const res = await post({ writeKey, sentAt: new Date().toISOString(), batch: [event('submit_request', { location_type: 'address' }), { ...event('page_print'), userId: 'someone-else' }] });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ accepted: 2 });
    const rows = await db.selectFrom('analytics_events').selectAll().where('organization_id', '=', org.id).orderBy('id').execute();
    expect(rows.map((r) => [r.event, r.user_id, r.properties])).toEqual([
      ['submit_request', user.id, { location_type: 'address' }],
      ['page_print', user.id, {}],
    ]);
  });

  it('refuses unknown event names, empty and oversized batches, and a wrong write key with a 400', async () => {
    const before = await db.selectFrom('analytics_events').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const unknown = await post({ writeKey, batch: [event('made_up_event')] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/event/);
    expect((await post({ writeKey, batch: [] })).statusCode).toBe(400);
    const tooMany = await post({ writeKey, batch: Array.from({ length: ANALYTICS_MAX_BATCH_EVENTS + 1 }, () => event('page_view')) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toContain(`at most ${ANALYTICS_MAX_BATCH_EVENTS} events`);
    const huge = await post({ writeKey, batch: [event('page_view', { blob: 'x'.repeat(ANALYTICS.maxEventBytes) })] });
    expect(huge.statusCode).toBe(400);
    expect((await post({ writeKey: 'not-ours', batch: [event('page_view')] })).statusCode).toBe(400);
    const after = await db.selectFrom('analytics_events').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('answers 401 without a token and 413 above the batch byte limit', async () => {
    expect((await post({ writeKey, batch: [event('page_view')] }, {})).statusCode).toBe(401);
    const body = { writeKey, batch: Array.from({ length: 20 }, () => event('page_view', { blob: 'x'.repeat(30 * 1024) })) };
    expect((await post(body)).statusCode).toBe(413);
  });
});
