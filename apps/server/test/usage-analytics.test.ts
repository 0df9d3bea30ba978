import { describe, expect, it } from 'vitest';
import { insertAnalyticsRows } from '../src/db/analytics.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/** GET /api/usage-analytics: the internal-admin dashboard's figures, computed in SQL. */
const { app, db } = await useTestApp();
const acme = await createOrganization(db, { name: 'Acme Usage' });
const globex = await createOrganization(db, { name: 'Globex Usage' });
const staff = await createUser(db, { org: acme, internalAdmin: true });
const groupAdmin = await createUser(db, { org: acme, role: 'admin' });
const member = await createUser(db, { org: acme });
const writeKey = app.ctx.config.runtime.ANALYTICS_WRITE_KEY!;

const day = (d: number, hour = 12) =>
  `2026-03-${String(d).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;
let seq = 0;
// Events as the collector stores them for a verified token (user and organisation proven).
const ev = (userId: string, org: number, event: string, timestamp: string) => ({
  writeKey,
  messageId: `usage-${++seq}`,
  occurredAt: new Date(timestamp),
  sentAt: null,
  organizationId: org,
  userId,
  anonymousId: null,
  type: 'track',
  event,
  properties: {},
  context: {},
});

// Acme: u1 signs in then looks up (converts); u2 signs in, never looks up; u3 looks up before signing in
// (does not count). u1 uploads then exports. Globex: g1 signs in and looks up.
await insertAnalyticsRows(
  db,
  [
    ev('u1', acme.id, 'login_completed', day(2, 9)),
    ev('u1', acme.id, 'submit_request', day(2, 10)),
    ev('u1', acme.id, 'submit_request', day(3)),
    ev('u2', acme.id, 'login_completed', day(3)),
    ev('u3', acme.id, 'submit_request', day(3, 8)),
    ev('u3', acme.id, 'login_completed', day(3, 9)),
    ev('u1', acme.id, 'portfolio_uploaded', day(4, 9)),
    ev('u1', acme.id, 'portfolio_exported', day(4, 11)),
    ev('g1', globex.id, 'login_completed', day(5, 9)),
    ev('g1', globex.id, 'submit_request', day(5, 10)),
    ev('g1', globex.id, 'page_view', day(20)),
  ],
  new Set(),
);
// Claimed, not proven (no token): counted nowhere (issue 39).
await app.inject({
  method: 'POST',
  url: '/v1/batch',
  payload: {
    writeKey,
    batch: [
      {
        type: 'track',
        event: 'login_completed',
        userId: 'forged',
        messageId: 'usage-forged',
        timestamp: day(3),
        context: { groupId: String(acme.id) },
      },
    ],
  },
});

const get = async (user: { id: string }, query: string) =>
  app.inject({ method: 'GET', url: `/api/usage-analytics?${query}`, headers: await authHeader(app, user) });

describe('GET /api/usage-analytics', () => {
  it('computes events per day, active users per organisation, top events and funnels over every organisation', async () => {
    const res = await get(staff, 'from=2026-03-01&to=2026-03-07');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.eventsPerDay).toHaveLength(7);
    expect(body.eventsPerDay.slice(0, 5)).toEqual([
      { day: '2026-03-01', events: 0, users: 0 },
      { day: '2026-03-02', events: 2, users: 1 },
      { day: '2026-03-03', events: 4, users: 3 },
      { day: '2026-03-04', events: 2, users: 1 },
      { day: '2026-03-05', events: 2, users: 1 },
    ]);
    expect(body.activeUsersByOrganization).toEqual([
      { organizationId: acme.id, organizationName: 'Acme Usage', users: 3, events: 8 },
      { organizationId: globex.id, organizationName: 'Globex Usage', users: 1, events: 2 },
    ]);
    expect(body.topEvents.slice(0, 2)).toEqual([
      { event: 'login_completed', events: 4, users: 4 },
      { event: 'submit_request', events: 4, users: 3 },
    ]);
    expect(body.funnels).toEqual([
      {
        name: 'Sign-in → lookup',
        steps: [
          { event: 'login_completed', users: 4 },
          { event: 'submit_request', users: 2 },
        ],
      },
      {
        name: 'Upload → export',
        steps: [
          { event: 'portfolio_uploaded', users: 1 },
          { event: 'portfolio_exported', users: 1 },
        ],
      },
    ]);
    expect(body.organizations.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([acme.id, globex.id]));
  });

  it('filters by organisation and date range', async () => {
    const body = (await get(staff, `from=2026-03-04&to=2026-03-31&organizationId=${globex.id}`)).json();
    expect(body.eventsPerDay).toHaveLength(28);
    expect(body.eventsPerDay.reduce((n: number, d: { events: number }) => n + d.events, 0)).toBe(3);
    expect(body.activeUsersByOrganization).toEqual([
      { organizationId: globex.id, organizationName: 'Globex Usage', users: 1, events: 3 },
    ]);
    expect(body.funnels[0].steps.map((s: { users: number }) => s.users)).toEqual([1, 1]);
    expect(
      body.recentEvents.map((e: { event: string; userId: string; organizationName: string }) => [
        e.event,
        e.userId,
        e.organizationName,
      ]),
    ).toEqual([
      ['page_view', 'g1', 'Globex Usage'],
      ['submit_request', 'g1', 'Globex Usage'],
      ['login_completed', 'g1', 'Globex Usage'],
    ]);
  });

  it('is for internal admins only', async () => {
    expect((await get(groupAdmin, 'from=2026-03-01&to=2026-03-07')).statusCode).toBe(403);
    expect((await get(member, 'from=2026-03-01&to=2026-03-07')).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/usage-analytics?from=2026-03-01&to=2026-03-07' })).statusCode,
    ).toBe(401);
  });

  it('answers bad input with 400', async () => {
    for (const query of [
      '',
      'from=2026-03-07&to=2026-03-01',
      'from=2020-01-01&to=2026-01-01',
      'from=x&to=y',
      'from=2026-03-01&to=2026-03-02&organizationId=-1',
      'from=2026-03-01&to=2026-03-02&organizationId=99999999999',
      'from=2026-03-01%00&to=2026-03-02',
    ]) {
      expect((await get(staff, query)).statusCode, query).toBe(400);
    }
  });
});
