import {
  appealChangeResponseSchema,
  appealDetailResponseSchema,
  appealListResponseSchema,
  appealTimerSettingsResponseSchema,
} from '@zview/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { remindDueAppeals } from '../src/domain/appeals/reminders.js';
import { deadlineAfter } from '../src/domain/appeals/timers.js';
import { useAppealWorld } from './appeal-world.js';

const world = await useAppealWorld({ home: 'Timer Mutual', foreign: 'Other Timer Co' });
const { app, db, home, member, admin: reviewer } = world;
const H = { member: world.headers.member, reviewer: world.headers.admin, foreign: world.headers.foreign };
const boulder = { h3Index: world.boulder.h3Index, propertyId: world.boulder.propertyId! };
const paradise = { h3Index: world.paradise.h3Index, propertyId: world.paradise.propertyId! };

const post = (path: string, headers: Record<string, string>, payload: unknown) =>
  app.inject({ method: 'POST', url: `/api/caribou/appeals/${path}`, headers, payload: payload as object });
const list = async (query: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/caribou/appeals?${query}`, headers: H.reviewer });
  expect(res.statusCode, res.body).toBe(200);
  return appealListResponseSchema.parse(res.json());
};

describe('statutory timers', () => {
  let mitigationId = 0;
  let appealId = 0;

  it('gives a Colorado mitigation request HB25-1182’s deadlines from its request date, in Denver’s calendar', async () => {
    const before = new Date();
    const res = await post('push_appeal', H.member, {
      ...boulder,
      product: 'zfire',
      kind: 'mitigation',
      manualInputs: { ember_resistant_vents: true, enclosed_eaves: true },
      reason: 'Vents and eaves replaced',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { appeal } = appealChangeResponseSchema.parse(res.json());
    mitigationId = appeal.id;
    expect(appeal.kind).toBe('mitigation');
    expect(appeal.timers!.state).toBe('CO');
    expect(appeal.timers!.timeZone).toBe('America/Denver');
    const opened = new Date(appeal.openedAt);
    expect(opened.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(appeal.timers!.acknowledgeBy).toBe(deadlineAfter(opened, 10, 'CO').toISOString());
    expect(appeal.timers!.decideBy).toBe(deadlineAfter(opened, 30, 'CO').toISOString());
    expect(appeal.timers!.rescoreBy).toBe(deadlineAfter(opened, 30, 'CO').toISOString());
    expect(appeal.timers!.next).toMatchObject({ kind: 'acknowledge', overdue: false });
    expect(appeal.timers!.missed).toEqual([]);
  });

  it('uses the organisation’s days for the state, and sorts the queue by the nearest unmet deadline', async () => {
    const put = await app.inject({
      method: 'PUT',
      url: '/api/caribou/appeals/timers',
      headers: H.reviewer,
      payload: { rows: [{ state: 'CA', acknowledgeDays: 3, decideDays: 20, rescoreDays: 25 }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(appealTimerSettingsResponseSchema.parse(put.json()).defaults).toEqual({
      acknowledgeDays: 10,
      decideDays: 30,
      rescoreDays: 30,
    });
    const res = await post('push_appeal', H.member, {
      ...paradise,
      product: 'zfire',
      manualInputs: { defensible_space: 100 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { appeal } = appealChangeResponseSchema.parse(res.json());
    appealId = appeal.id;
    expect(appeal.kind).toBe('appeal');
    expect(appeal.timers!.rescoreBy).toBeNull();
    expect(appeal.timers!.acknowledgeBy).toBe(deadlineAfter(new Date(appeal.openedAt), 3, 'CA').toISOString());
    const queue = await list('sort=deadline');
    expect(queue.results.map((a) => a.id)).toEqual([appealId, mitigationId]);
    // An overdue deadline comes first and is flagged.
    await sql`UPDATE appeals SET acknowledge_by = now() - interval '1 day' WHERE id = ${mitigationId}`.execute(db);
    const overdue = await list('sort=deadline');
    expect(overdue.results[0]!.id).toBe(mitigationId);
    expect(overdue.results[0]!.timers!.next).toMatchObject({ kind: 'acknowledge', overdue: true });
    expect(overdue.results[0]!.timers!.missed).toEqual(['acknowledge']);
    expect((await list('kind=mitigation')).results.map((a) => a.id)).toEqual([mitigationId]);
  });

  it('records when each deadline was met in the audit trail: acknowledge, then decide and re-score at publish', async () => {
    const ack = await post('acknowledge', H.reviewer, { appealId });
    expect(ack.statusCode, ack.body).toBe(200);
    const acked = appealChangeResponseSchema.parse(ack.json()).appeal;
    expect(acked.timers!.acknowledgedAt).not.toBeNull();
    expect(acked.timers!.next!.kind).toBe('decide');
    expect((await post('acknowledge', H.reviewer, { appealId })).statusCode).toBe(409);

    const published = await post('publish_features_modification', H.reviewer, {
      ...boulder,
      product: 'zfire',
      manualInputs: { ember_resistant_vents: true, enclosed_eaves: true },
    });
    expect(published.statusCode, published.body).toBe(200);
    const detail = appealDetailResponseSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/caribou/appeals/${mitigationId}`, headers: H.reviewer })).json(),
    );
    const met = detail.timeline.filter((e) => e.action === 'deadline_met').map((e) => e.details);
    expect(met.map((d) => d.deadline)).toEqual(['acknowledge', 'decide', 'rescore']);
    expect(met.map((d) => d.onTime)).toEqual([false, true, true]); // acknowledge_by was moved into the past above
    expect(detail.appeal.timers!.next).toBeNull();
    expect(detail.appeal.timers!.rescoredAt).not.toBeNull();
  });

  it('reminds the opener and the group admins through notify() before the nearest deadline and once overdue', async () => {
    // Paradise's appeal: decide-by in 20 days; remind as if it were a day before, then after it.
    const { decide_by } = await db
      .selectFrom('appeals')
      .select('decide_by')
      .where('id', '=', appealId)
      .executeTakeFirstOrThrow();
    const dueDay = decide_by!.toISOString().slice(0, 10);
    const reminders = () =>
      db
        .selectFrom('notifications')
        .select(['user_id', 'organization_id', 'title', 'link', 'data', 'emailed_at'])
        .where('kind', '=', 'appeal.deadline')
        .where(sql<boolean>`(data->>'appealId')::int = ${appealId}`)
        .orderBy('id')
        .execute();

    expect(await remindDueAppeals(db, new Date(decide_by!.getTime() - 3 * 86_400_000))).toBe(0); // not yet
    expect(await remindDueAppeals(db, new Date(decide_by!.getTime() - 86_400_000))).toBeGreaterThanOrEqual(1);
    const approaching = await reminders();
    expect(approaching.map((n) => String(n.user_id)).sort()).toEqual([member.id, reviewer.id].map(String).sort());
    expect(approaching[0]).toMatchObject({
      organization_id: home.id,
      title: `Appeal #${appealId} must be decided by ${dueDay}`,
      link: `/appeals/${appealId}`,
      emailed_at: null, // the email digest mails it
    });
    expect(approaching[0]!.data).toMatchObject({ deadline: 'decide', overdue: false, product: 'zfire' });
    const webhook = await db
      .selectFrom('webhook_messages')
      .select(['organization_id', 'lane'])
      .where('event_type', '=', 'appeal.deadline')
      .where('lane', '=', `appeal:${appealId}`)
      .execute();
    expect(webhook).toEqual([{ organization_id: home.id, lane: `appeal:${appealId}` }]);
    // Once per deadline window…
    expect(await remindDueAppeals(db, new Date(decide_by!.getTime() - 86_400_000 + 60_000))).toBe(0);
    // …and once more when it has passed unmet.
    expect(await remindDueAppeals(db, new Date(decide_by!.getTime() + 3_600_000))).toBeGreaterThanOrEqual(1);
    expect(await remindDueAppeals(db, new Date(decide_by!.getTime() + 7_200_000))).toBe(0);
    const all = await reminders();
    expect(all).toHaveLength(4);
    expect(all.at(-1)!.title).toBe(`Overdue: appeal #${appealId} had to be decided by ${dueDay}`);
    expect(all.every((n) => n.organization_id === home.id)).toBe(true); // never another organisation's people
    const detail = appealDetailResponseSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/caribou/appeals/${appealId}`, headers: H.reviewer })).json(),
    );
    expect(detail.timeline.filter((e) => e.action === 'reminder_sent').map((e) => e.details.overdue)).toEqual([
      false,
      true,
    ]);
  });

  it('exports the period’s figures for a regulator as CSV', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const res = await app.inject({
      method: 'GET',
      url: `/api/caribou/appeals/regulator_export.csv?from=${today}&to=${tomorrow}`,
      headers: H.reviewer,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const [header, appeals, mitigations] = res.body.trim().split('\r\n');
    expect(header).toBe(
      'period_start,period_end,kind,requests,median_days_to_acknowledge,median_days_to_decide,missed_acknowledge_deadline,missed_decide_deadline,missed_rescore_deadline,open,accepted,rejected,expired,withdrawn',
    );
    expect(appeals).toBe(`${today},${tomorrow},appeals,1,0.0,,0,0,0,1,0,0,0,0`);
    expect(mitigations).toMatch(new RegExp(`^${today},${tomorrow},mitigation requests,1,0\\.0,0\\.0,1,0,0,0,1,0,0,0$`));
    // The other organisation's export is empty.
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/caribou/appeals/regulator_export.csv?from=${today}&to=${tomorrow}`,
      headers: H.foreign,
    });
    expect(theirs.body).toContain(`${today},${tomorrow},appeals,0,`);
  });

  it('refuses bad input, members changing settings, and another organisation’s appeal', async () => {
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/caribou/appeals/timers',
      headers: H.reviewer,
      payload: { rows: [{ state: 'Colorado', acknowledgeDays: 0, decideDays: 30, rescoreDays: 30 }] },
    });
    expect(bad.statusCode).toBe(400);
    const member = await app.inject({
      method: 'PUT',
      url: '/api/caribou/appeals/timers',
      headers: H.member,
      payload: { rows: [] },
    });
    expect(member.statusCode).toBe(403);
    expect((await post('acknowledge', H.foreign, { appealId })).statusCode).toBe(404);
    const period = await app.inject({
      method: 'GET',
      url: '/api/caribou/appeals/regulator_export.csv?from=2026-02-01&to=2026-01-01',
      headers: H.reviewer,
    });
    expect(period.statusCode).toBe(400);
  });
});
