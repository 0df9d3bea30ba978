import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { alertOnChanges } from '../../src/domain/notifications/alerts.js';
import { deliverLane } from '../../src/domain/notifications/delivery.js';
import { sendDigests } from '../../src/domain/notifications/digest.js';
import { notify } from '../../src/domain/notifications/index.js';
import { authHeader, createOrganization, createUser } from '../factories.js';
import { usePortfolioTestApp } from '../portfolio/app.js';
import { portfolioSteps } from '../portfolio/steps.js';

// Delivery of issue 41: the notification centre, alert rules, and Standard Webhooks to a real receiver.
const { app, db } = await usePortfolioTestApp({ chunkSize: 50 });
const PRODUCTS = ['zfire', 'zfire-portfolio'];

/** A receiver that verifies every request with the secrets it knows and fails the first `failFirst` tries of each id. */
function receiver(options: { secrets: () => string[]; failFirst?: number; alwaysFail?: boolean }) {
  const accepted: { id: string; lane: string; type: string }[] = [];
  const tries = new Map<string, number>();
  const rejected: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const verified = options.secrets().some((secret) => {
        try {
          new Webhook(secret).verify(body, headers);
          return true;
        } catch {
          return false;
        }
      });
      if (!verified) {
        rejected.push(headers['webhook-id']!);
        res.writeHead(401).end();
        return;
      }
      const id = headers['webhook-id']!;
      const n = (tries.get(id) ?? 0) + 1;
      tries.set(id, n);
      if (options.alwaysFail || n <= (options.failFirst ?? 0)) {
        res.writeHead(500).end();
        return;
      }
      const payload = JSON.parse(body) as { type: string; data: { lane: string } };
      accepted.push({ id, lane: payload.data.lane, type: payload.type });
      res.writeHead(204).end();
    });
  });
  return {
    accepted,
    rejected,
    tries,
    async url() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function orgWithAdmin() {
  const org = await createOrganization(db, { products: PRODUCTS });
  const admin = await createUser(db, { org, role: 'admin' });
  const member = await createUser(db, { org, role: 'member' });
  return {
    org,
    admin,
    member,
    adminHeaders: await authHeader(app, admin),
    memberHeaders: await authHeader(app, member),
  };
}

async function addEndpoint(headers: Record<string, string>, url: string) {
  const res = await app.inject({ method: 'POST', url: '/api/caribou/webhooks/endpoints', headers, payload: { url } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; secret: string; secrets: { hint: string }[] };
}

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe('webhooks, alerts and the notification centre', () => {
  it('delivers signed events once each, in order per lane, retrying failures, and logs every attempt', async () => {
    const home = await orgWithAdmin();
    let secret = '';
    const rx = receiver({ secrets: () => [secret], failFirst: 2 });
    closers.push(rx.close);
    const endpoint = await addEndpoint(home.adminHeaders, await rx.url());
    secret = endpoint.secret;
    expect(secret).toMatch(/^whsec_/);
    // The secret is shown once: the list names it by its last characters only.
    const listed = await app.inject({
      method: 'GET',
      url: '/api/caribou/webhooks/endpoints',
      headers: home.adminHeaders,
    });
    expect(listed.json().endpoints[0].secrets).toEqual([
      { hint: `whsec_…${secret.slice(-4)}`, createdAt: expect.any(String), expiresAt: null },
    ]);
    expect(listed.body).not.toContain(secret.slice(6));

    // Two lanes, events interleaved.
    for (let i = 0; i < 6; i += 1) {
      const lane = `portfolio:${i % 2}`;
      await notify(db, {
        organizationId: home.org.id,
        kind: 'test',
        title: `event ${i}`,
        webhook: { eventType: 'score.changed', lane, data: { lane, i } },
      });
    }
    const schedule = { retryScheduleMs: [20, 20, 20], timeoutMs: 5_000 };
    for (let round = 0; round < 10; round += 1) {
      await Promise.all([0, 1].map((k) => deliverLane(db, endpoint.id, `portfolio:${k}`, schedule)));
      if (rx.accepted.length === 6) break;
      await new Promise((r) => setTimeout(r, 30));
    }
    expect(rx.rejected).toEqual([]);
    expect(rx.accepted).toHaveLength(6);
    expect(new Set(rx.accepted.map((a) => a.id)).size).toBe(6); // once per event id
    for (const lane of ['portfolio:0', 'portfolio:1']) {
      const ids = rx.accepted.filter((a) => a.lane === lane).map((a) => Number(a.id.slice(4)));
      expect(ids).toEqual([...ids].sort((a, b) => a - b)); // in order per lane
    }
    expect([...rx.tries.values()].every((n) => n === 3)).toBe(true); // two 500s, then accepted

    const log = await app.inject({
      method: 'GET',
      url: `/api/caribou/webhooks/endpoints/${endpoint.id}/log?itemsPerPage=100`,
      headers: home.adminHeaders,
    });
    expect(log.statusCode, log.body).toBe(200);
    const codes = log.json().attempts.map((a: { statusCode: number }) => a.statusCode);
    expect(codes.filter((c: number) => c === 500)).toHaveLength(12);
    expect(codes.filter((c: number) => c === 204)).toHaveLength(6);
    expect(log.json().deliveries.every((d: { status: string }) => d.status === 'succeeded')).toBe(true);

    // Rotation: both secrets sign during the overlap; a receiver with either verifies.
    const rotated = await app.inject({
      method: 'POST',
      url: `/api/caribou/webhooks/endpoints/${endpoint.id}/rotate`,
      headers: home.adminHeaders,
    });
    expect(rotated.json().secrets).toHaveLength(2);
    const newSecret = rotated.json().secret as string;
    expect(rotated.json().secrets[0].hint).toBe(`whsec_…${newSecret.slice(-4)}`);
    expect(newSecret).not.toBe(secret);
    // Manual redeliver of the first message: sent again with its id, signed with both secrets.
    const first = rx.accepted[0]!.id;
    const again = await app.inject({
      method: 'POST',
      url: `/api/caribou/webhooks/endpoints/${endpoint.id}/messages/${first}/redeliver`,
      headers: home.adminHeaders,
    });
    expect(again.statusCode, again.body).toBe(202);
    secret = newSecret;
    await deliverLane(db, endpoint.id, again.json().lane, schedule);
    expect(rx.accepted.filter((a) => a.id === first)).toHaveLength(2);

    // Another organisation's admin reaches nothing of it; a member may not manage endpoints.
    const foreign = await orgWithAdmin();
    for (const [method, url] of [
      ['GET', `/api/caribou/webhooks/endpoints/${endpoint.id}/log`],
      ['POST', `/api/caribou/webhooks/endpoints/${endpoint.id}/rotate`],
      ['PATCH', `/api/caribou/webhooks/endpoints/${endpoint.id}`],
      ['DELETE', `/api/caribou/webhooks/endpoints/${endpoint.id}`],
      ['POST', `/api/caribou/webhooks/endpoints/${endpoint.id}/messages/${first}/redeliver`],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: foreign.adminHeaders,
        payload: method === 'PATCH' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await app.inject({
      method: 'GET',
      url: '/api/caribou/webhooks/endpoints',
      headers: foreign.adminHeaders,
    });
    expect(list.json().endpoints).toEqual([]);
    expect(
      (await app.inject({ method: 'GET', url: '/api/caribou/webhooks/endpoints', headers: home.memberHeaders }))
        .statusCode,
    ).toBe(403);
    const plain = await app.inject({
      method: 'POST',
      url: '/api/caribou/webhooks/endpoints',
      headers: home.adminHeaders,
      payload: { url: 'http://example.com/hook' },
    });
    expect(plain.statusCode).toBe(400);
  }, 60_000);

  it('disables an endpoint after its last retry fails and tells the admins', async () => {
    const home = await orgWithAdmin();
    const rx = receiver({ secrets: () => [], alwaysFail: true });
    closers.push(rx.close);
    const endpoint = await addEndpoint(home.adminHeaders, await rx.url());
    await notify(db, {
      organizationId: home.org.id,
      kind: 'test',
      title: 'x',
      email: false,
      webhook: { eventType: 'portfolio.ready', lane: 'portfolio:9', data: {} },
    });
    let outcome;
    for (let i = 0; i < 5; i += 1) {
      outcome = await deliverLane(db, endpoint.id, 'portfolio:9', { retryScheduleMs: [10, 10] });
      if (outcome.state === 'disabled') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(outcome?.state).toBe('disabled');
    const after = await app.inject({
      method: 'GET',
      url: '/api/caribou/webhooks/endpoints',
      headers: home.adminHeaders,
    });
    expect(after.json().endpoints[0]).toMatchObject({
      enabled: false,
      disabledReason: expect.stringContaining('3 failed attempts'),
    });
    const adminInbox = await app.inject({
      method: 'GET',
      url: '/api/caribou/notifications',
      headers: home.adminHeaders,
    });
    expect(adminInbox.json().items.map((n: { title: string }) => n.title)).toContain('A webhook endpoint was disabled');
    const memberInbox = await app.inject({
      method: 'GET',
      url: '/api/caribou/notifications',
      headers: home.memberHeaders,
    });
    expect(memberInbox.json().items.map((n: { title: string }) => n.title)).not.toContain(
      'A webhook endpoint was disabled',
    );
  }, 30_000);

  it('alert rules turn matching changes into one notification per rule, a digest mail and webhook events', async () => {
    const home = await orgWithAdmin();
    const id = await portfolioSteps(app).createPortfolio(home.adminHeaders, 'Ref,Latitude,Longitude\nA,40,-100\n', {
      products: 'zfire',
    });
    const rule = await app.inject({
      method: 'POST',
      url: `/api/caribou/portfolio/${id}/alert-rules`,
      headers: home.adminHeaders,
      payload: { name: 'Up to high', kind: 'level_change', channels: ['in_app', 'email', 'webhook'] },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const bad = await app.inject({
      method: 'POST',
      url: `/api/caribou/portfolio/${id}/alert-rules`,
      headers: home.adminHeaders,
      payload: { name: 'x', kind: 'threshold' },
    });
    expect(bad.statusCode).toBe(400);
    const foreign = await orgWithAdmin();
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/caribou/portfolio/${id}/alert-rules`,
          headers: foreign.adminHeaders,
        })
      ).statusCode,
    ).toBe(404);
    // A member of the organisation sees why not (403); another organisation's admin reaches no rule (404).
    const memberCreate = await app.inject({
      method: 'POST',
      url: `/api/caribou/portfolio/${id}/alert-rules`,
      headers: home.memberHeaders,
      payload: { name: 'Mine', kind: 'level_change' },
    });
    expect(memberCreate.statusCode).toBe(403);
    const ruleId = rule.json().id as number;
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await app.inject({
        method,
        url: `/api/caribou/alert-rules/${ruleId}`,
        headers: foreign.adminHeaders,
        ...(method === 'PATCH' ? { payload: { enabled: false } } : {}),
      });
      expect(res.statusCode, method).toBe(404);
    }
    // Editing: a rule switched to threshold needs its threshold; switched off and on again.
    const incomplete = await app.inject({
      method: 'PATCH',
      url: `/api/caribou/alert-rules/${ruleId}`,
      headers: home.adminHeaders,
      payload: { kind: 'threshold' },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error.message).toBe('A threshold rule needs a threshold.');
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/caribou/alert-rules/${ruleId}`,
      headers: home.adminHeaders,
      payload: { name: 'Into high', enabled: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Into high', kind: 'level_change', enabled: false });
    await app.inject({
      method: 'PATCH',
      url: `/api/caribou/alert-rules/${ruleId}`,
      headers: home.adminHeaders,
      payload: { enabled: true },
    });

    await sql`SELECT zview_score_changes_month(now()::date)`.execute(db);
    const { rows } = await sql<{ id: string }>`
      INSERT INTO score_changes (effective_on, organization_id, portfolio_id, product, row_number, property_id, old_score, new_score,
        old_level, new_level, old_model_version, new_model_version, factors, cause, cause_id, world_change_id)
      VALUES (now()::date, ${home.org.id}, ${id}, 'zfire', 1, 'p1', 30, 80, 'low', 'high', 'v', 'v', '[]', 'capture', 'c1', 1),
             (now()::date, ${home.org.id}, ${id}, 'zfire', 2, 'p2', 30, 32, 'low', 'low', 'v', 'v', '[]', 'capture', 'c1', 1)
      RETURNING id::text`.execute(db);
    const queued = await alertOnChanges(
      db,
      rows.map((r) => r.id),
    );
    expect(queued.webhooks).toBe(1); // only the level change
    const count = await app.inject({
      method: 'GET',
      url: '/api/caribou/notifications/unread-count',
      headers: home.memberHeaders,
    });
    expect(count.json().unread).toBe(1);
    const items = (
      await app.inject({ method: 'GET', url: '/api/caribou/notifications', headers: home.memberHeaders })
    ).json().items as { id: string; title: string; body: string }[];
    expect(items[0]!.body).toContain('1 Low → High');
    // Nobody else reads or marks it.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/caribou/notifications/${items[0]!.id}/read`,
          headers: foreign.adminHeaders,
        })
      ).statusCode,
    ).toBe(404);
    // One digest per recipient through the outbox.
    expect(await sendDigests(db, { from: 'z@test' }, { settleMs: 0 })).toBeGreaterThanOrEqual(2);
    const mails = await db.selectFrom('outbox').selectAll().where('kind', '=', 'notification_digest').execute();
    expect(mails.some((m) => m.body.includes('1 property changed'))).toBe(true);
    const read = await app.inject({
      method: 'POST',
      url: `/api/caribou/notifications/${items[0]!.id}/read`,
      headers: home.memberHeaders,
    });
    expect(read.json().unread).toBe(0);
  }, 60_000);
});
