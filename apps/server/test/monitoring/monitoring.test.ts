import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { diffCounts } from '../../src/db/run-diff.js';
import { placementBuilt } from '../../src/db/score-index-builds.js';
import { worldRevision } from '../../src/db/world-revision.js';
import { geocodeCoordinatesMany } from '../../src/domain/geocoder/index.js';
import { recordWorldChange } from '../../src/domain/monitoring/books.js';
import { notifyPortfolioAndAppealEvents } from '../../src/domain/notifications/watchers.js';
import { runMonitoringStep, runPlacingStep } from '../../src/jobs/monitoring-jobs.js';
import { recaptureArea } from '../../src/world/recapture.js';
import { authHeader, createUser } from '../factories.js';
import { createMember, usePortfolioTestApp } from '../portfolio/app.js';
import { portfolioSteps, type Headers } from '../portfolio/steps.js';

// Monitored portfolios (issue 41): the real geocoder and models on a small world.
const { app, db } = await usePortfolioTestApp({ chunkSize: 20, realEngines: { properties: 300 } });
const steps = portfolioSteps(app);
const today = new Date().toISOString().slice(0, 10);

async function book(headers: Headers, csv: string) {
  const id = await steps.createPortfolio(headers, csv, { products: 'zfire' });
  const meta = await steps.waitForStatus(headers, id, 'zfire', 'READY');
  const runId = meta.products.find((p: { product: string }) => p.product === 'zfire').runs.at(-1).runId as number;
  return { id, runId };
}

const monitor = (headers: Headers, id: number, body: object) =>
  app.inject({ method: 'PUT', url: `/api/caribou/portfolio/${id}/product/zfire/monitoring`, headers, payload: body });

describe('monitored portfolios', () => {
  it('a capture re-scores only the monitored rows under it, records each change with its cause, and pinned books keep their scores', async () => {
    const [area] = (
      await sql<{
        id: string;
      }>`SELECT neighbourhood_id AS id FROM properties GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`.execute(db)
    ).rows;
    const inside = await db
      .selectFrom('properties')
      .select(['id', 'lat', 'lng'])
      .where('neighbourhood_id', '=', area!.id)
      .orderBy('id')
      .limit(20)
      .execute();
    const outside = await db
      .selectFrom('properties')
      .select(['id', 'lat', 'lng'])
      .where('neighbourhood_id', '<>', area!.id)
      .orderBy('id')
      .limit(10)
      .execute();
    const csv = `Ref,Latitude,Longitude\n${[...inside, ...outside].map((p, i) => `R${i + 1},${p.lat},${p.lng}`).join('\n')}\n`;

    const home = await createMember(app, db);
    const foreign = await createMember(app, db);
    const live = await book(home.headers, csv);
    const pinned = await book(home.headers, csv);
    const theirs = await book(foreign.headers, csv);

    // Each finished run is told once to whoever asked for it (read after a cursor, no hook in the runs).
    expect(await notifyPortfolioAndAppealEvents(db)).toBe(3);
    expect(await notifyPortfolioAndAppealEvents(db)).toBe(0);
    const ready = await app.inject({ method: 'GET', url: '/api/caribou/notifications', headers: home.headers });
    expect(ready.json().items.filter((n: { title: string }) => n.title.endsWith('is ready (Z-FIRE)'))).toHaveLength(2);

    // Nothing of another organisation's book is reachable.
    expect((await monitor(foreign.headers, live.id, { monitored: true })).statusCode).toBe(404);
    for (const url of [
      `/api/caribou/portfolio/${live.id}/monitoring`,
      `/api/caribou/portfolio/${live.id}/changes`,
      `/api/caribou/portfolio/${live.id}/product/zfire/diff?from=${live.runId}&to=now`,
      `/api/caribou/portfolio/${live.id}/product/zfire/diff/export?from=${live.runId}&to=now`,
    ])
      expect((await app.inject({ method: 'GET', url, headers: foreign.headers })).statusCode, url).toBe(404);
    expect((await monitor(home.headers, live.id, { monitored: 'yes' })).statusCode).toBe(400);

    const on = await monitor(home.headers, live.id, { monitored: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ product: 'zfire', monitored: true, pinned: false, rows: 30 });
    const pin = await monitor(home.headers, pinned.id, { monitored: true, pinned: true });
    expect(pin.json()).toMatchObject({ pinned: true, note: expect.stringContaining('only appeals and corrections') });
    expect((await monitor(foreign.headers, theirs.id, { monitored: true })).statusCode).toBe(200);
    const untouchedBefore = await db
      .selectFrom('monitored_rows')
      .select(['row_number', 'updated_at', 'score'])
      .where('portfolio_id', '=', live.id)
      .where('row_number', '>', 20)
      .orderBy('row_number')
      .execute();

    // Every roof under the capture replaced and every tree grown.
    const report = await recaptureArea(db, { neighbourhoodId: area!.id, date: today, roofShare: 1, treeShare: 1 });
    expect(report.properties).toBeGreaterThanOrEqual(20);
    const applied = await runMonitoringStep(db);
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({ cause: 'capture', affectedRows: 40 }); // 20 rows of each unpinned book

    const changes = await db.selectFrom('score_changes').selectAll().where('portfolio_id', '=', live.id).execute();
    expect(changes.length).toBeGreaterThan(0);
    const insideIds = new Set(inside.map((p) => p.id));
    expect(
      changes.every((c) => c.cause === 'capture' && c.cause_id === report.captures[0] && insideIds.has(c.property_id)),
    ).toBe(true);
    expect(changes.every((c) => c.row_number <= 20 && c.old_score !== c.new_score && c.factors.length > 0)).toBe(true);
    // The other organisation's book saw the same capture; the pinned book did not move.
    expect(
      await db.selectFrom('score_changes').select('id').where('portfolio_id', '=', theirs.id).execute(),
    ).toHaveLength(changes.length);
    expect(
      await db.selectFrom('score_changes').select('id').where('portfolio_id', '=', pinned.id).execute(),
    ).toHaveLength(0);
    // Rows outside the area were never written.
    const untouchedAfter = await db
      .selectFrom('monitored_rows')
      .select(['row_number', 'updated_at', 'score'])
      .where('portfolio_id', '=', live.id)
      .where('row_number', '>', 20)
      .orderBy('row_number')
      .execute();
    expect(untouchedAfter).toEqual(untouchedBefore);

    // /v1: the changes after a cursor, paged, oldest first; documented; another organisation's key gets 404.
    const keyOf = async (org: typeof home.org) => {
      const admin = await authHeader(app, await createUser(db, { org, role: 'admin' }));
      const res = await app.inject({
        method: 'POST',
        url: '/api/user-management/api-keys',
        headers: admin,
        payload: { name: 'feed' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return { authorization: `Bearer ${res.json().key as string}` };
    };
    const key = await keyOf(home.org);
    const fed: string[] = [];
    for (let after = '', pages = 0; ; pages += 1) {
      const res = await app.inject({
        method: 'GET',
        url: `/v1/portfolios/${live.id}/changes?limit=3${after ? `&after=${after}` : ''}`,
        headers: key,
      });
      expect(res.statusCode, res.body).toBe(200);
      fed.push(...res.json().changes.map((c: { id: string }) => c.id));
      if (!res.json().hasMore) break;
      after = res.json().nextCursor;
      expect(pages).toBeLessThan(50);
    }
    expect(fed).toEqual(changes.map((c) => String(c.id)).sort((a, b) => Number(a) - Number(b)));
    expect(
      (await app.inject({ method: 'GET', url: `/v1/portfolios/${live.id}/changes`, headers: await keyOf(foreign.org) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/v1/portfolios/${live.id}/changes?after=x`, headers: key })).statusCode,
    ).toBe(400);
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/v1/portfolios/{id}/changes'].get).toBeDefined();

    // Changes are immutable.
    await expect(
      sql`UPDATE score_changes SET new_score = 0 WHERE portfolio_id = ${live.id}`.execute(db),
    ).rejects.toThrow(/immutable/);

    // The changes view: counts by transition and cause, top movers, filters, a row's history.
    const view = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${live.id}/changes`,
      headers: home.headers,
    });
    expect(view.statusCode, view.body).toBe(200);
    const page = view.json();
    expect(page.total).toBe(changes.length);
    expect(page.transitions.reduce((n: number, t: { count: number }) => n + t.count, 0)).toBe(changes.length);
    expect(page.byCause).toEqual([{ cause: 'capture', count: changes.length }]);
    expect(page.changes[0]).toMatchObject({ cause: 'capture', ref: expect.stringMatching(/^R\d+$/) });
    const movers = page.topMovers.map((c: { delta: number }) => Math.abs(c.delta));
    expect(movers).toEqual([...movers].sort((a, b) => b - a));
    // A row opens the property with its orthophotos before and after the capture.
    const detail = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${live.id}/changes/${page.changes[0].id}`,
      headers: home.headers,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().after).toMatchObject({ captureId: report.captures[0], date: today });
    expect(detail.json().before.date < today).toBe(true);
    expect(detail.json().after.imageUrl).toMatch(/sig=/);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/caribou/portfolio/${live.id}/changes/${page.changes[0].id}`,
          headers: foreign.headers,
        })
      ).statusCode,
    ).toBe(404);
    const none = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${live.id}/changes?cause=appeal`,
      headers: home.headers,
    });
    expect(none.json().total).toBe(0);
    const bad = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${live.id}/changes?cause=weather`,
      headers: home.headers,
    });
    expect(bad.statusCode).toBe(400);

    // A correction moves the pinned book too, and says so.
    const corrected = inside[0]!.id;
    await db
      .updateTable('properties')
      .set({ vegetation_cover: 0.02, vegetation_within_5ft: 0, defensible_space_ft: 100 })
      .where('id', '=', corrected)
      .execute();
    await db.updateTable('buildings').set({ roof_material: 'metal' }).where('property_id', '=', corrected).execute();
    await recordWorldChange(db, { cause: 'correction', causeId: 'fix-1', occurredOn: today, propertyIds: [corrected] });
    await runMonitoringStep(db);
    const pinnedChanges = await db
      .selectFrom('score_changes')
      .selectAll()
      .where('portfolio_id', '=', pinned.id)
      .execute();
    expect(pinnedChanges.length).toBeGreaterThan(0);
    expect(pinnedChanges.every((c) => c.cause === 'correction' && c.property_id === corrected)).toBe(true);
    const history = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${live.id}/changes?rowNumber=1`,
      headers: home.headers,
    });
    const steps1 = history.json().changes as { cause: string; oldScore: number; newScore: number }[];
    expect(steps1.map((c) => c.cause)).toEqual(['capture', 'correction'].slice(0, steps1.length));
    if (steps1.length === 2) expect(steps1[1]!.oldScore).toBe(steps1[0]!.newScore);

    // The diff of the first run and now, as counts and as a CSV of the changed rows.
    const changedRows = new Set(
      (await db.selectFrom('score_changes').select('row_number').where('portfolio_id', '=', live.id).execute()).map(
        (c) => c.row_number,
      ),
    );
    const diff = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${live.id}/product/zfire/diff?from=${live.runId}&to=now`,
      headers: home.headers,
    });
    expect(diff.statusCode, diff.body).toBe(200);
    expect(diff.json()).toMatchObject({ rows: 30 });
    expect(diff.json().changed).toBeLessThanOrEqual(changedRows.size);
    expect(diff.json().changed).toBeGreaterThan(0);
    const file = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${live.id}/product/zfire/diff/export?from=${live.runId}&to=now&format=csv`,
      headers: home.headers,
    });
    expect(file.statusCode, file.body).toBe(200);
    const lines = file.body.trim().split('\n');
    expect(lines[0]).toBe('row_number,ref,address,old_score,old_level,new_score,new_level,delta');
    expect(lines).toHaveLength(diff.json().changed + 1);
    const xlsx = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${live.id}/product/zfire/diff/export?from=${live.runId}&to=now&format=xlsx`,
      headers: home.headers,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    // A whole-book rerun becomes the monitored book's new base.
    const rerun = await app.inject({
      method: 'PUT',
      url: `/api/caribou/portfolio/${live.id}/product/zfire/rerun_portfolio`,
      headers: home.headers,
    });
    expect(rerun.statusCode, rerun.body).toBe(202);
    const meta = await steps.waitForStatus(home.headers, live.id, 'zfire', 'READY');
    const newRun = meta.products.find((p: { product: string }) => p.product === 'zfire').runs.at(-1).runId as number;
    expect(newRun).not.toBe(live.runId);
    await runMonitoringStep(db);
    const base = await db
      .selectFrom('monitored_products')
      .select('base_run_id')
      .where('portfolio_id', '=', live.id)
      .executeTakeFirst();
    expect(base?.base_run_id).toBe(newRun);
    const rebased = await db
      .selectFrom('monitored_rows')
      .select('model_version')
      .where('portfolio_id', '=', live.id)
      .execute();
    expect(rebased).toHaveLength(30);

    // The rerun kept its diff against the first run when it finished: the summary and the export
    // read it, and agree with the two runs joined row by row; asked the other way round, reversed.
    const kept = await db
      .selectFrom('portfolio_run_diffs')
      .selectAll()
      .where('run_id', '=', newRun)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ previous_run_id: live.runId, rows: 30 });
    const joined = await diffCounts(db, { run: live.runId }, { run: newRun });
    const joinedChanged = joined.filter((c) => c.changed);
    expect(kept.changed).toBe(joinedChanged.reduce((n, c) => n + c.count, 0));
    expect(kept.changed).toBeGreaterThan(0); // the rerun scores the recaptured world
    const forward = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${live.id}/product/zfire/diff?from=${live.runId}&to=${newRun}`,
      headers: home.headers,
    });
    expect(forward.statusCode, forward.body).toBe(200);
    expect(forward.json()).toMatchObject({ rows: 30, changed: kept.changed });
    const byTransition = (ts: { from: string; to: string; count: number }[]) =>
      Object.fromEntries(ts.map((t) => [`${t.from}>${t.to}`, t.count]));
    const expected: Record<string, number> = {};
    for (const c of joinedChanged) expected[`${c.from}>${c.to}`] = (expected[`${c.from}>${c.to}`] ?? 0) + c.count;
    expect(byTransition(forward.json().transitions)).toEqual(expected);
    const backward = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${live.id}/product/zfire/diff?from=${newRun}&to=${live.runId}`,
      headers: home.headers,
    });
    expect(byTransition(backward.json().transitions)).toEqual(
      Object.fromEntries(Object.entries(expected).map(([k, n]) => [k.split('>').reverse().join('>'), n])),
    );
    if (forward.json().meanDelta !== null) expect(backward.json().meanDelta).toBe(-forward.json().meanDelta);
    const keptCsv = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${live.id}/product/zfire/diff/export?from=${live.runId}&to=${newRun}&format=csv`,
      headers: home.headers,
    });
    const keptLines = keptCsv.body.trim().split('\n');
    expect(keptLines[0]).toBe('row_number,ref,address,old_score,old_level,new_score,new_level,delta');
    expect(keptLines).toHaveLength(kept.changed + 1);
    // In row order, each with its ref.
    const rowNumbers = keptLines.slice(1).map((l) => Number(l.split(',')[0]));
    expect(rowNumbers).toEqual([...rowNumbers].sort((a, b) => a - b));
    expect(keptLines[1]).toMatch(/^\d+,R\d+,/);
  }, 240_000);

  it('an appealed row keeps the appeal’s outcome through a capture, unless the capture moved a feature the appeal set', async () => {
    // A neighbourhood the first test did not re-image.
    const [area] = (
      await sql<{
        id: string;
      }>`SELECT neighbourhood_id AS id FROM properties GROUP BY 1 ORDER BY count(*) DESC, 1 OFFSET 1 LIMIT 1`.execute(
        db,
      )
    ).rows;
    const inside = await db
      .selectFrom('properties')
      .select(['id', 'lat', 'lng'])
      .where('neighbourhood_id', '=', area!.id)
      .orderBy('id')
      .limit(2)
      .execute();
    expect(inside).toHaveLength(2);
    const csv = `Ref,Latitude,Longitude\n${inside.map((p, i) => `A${i + 1},${p.lat},${p.lng}`).join('\n')}\n`;
    // The first test's capture moved the world on, and its placement cells are not built again (the
    // score-index job does that, in its own time): the books are still monitored whole.
    expect(await placementBuilt(db, await worldRevision(db))).toBe(false);
    const home = await createMember(app, db);
    const other = await createMember(app, db);
    const appealed = await book(home.headers, csv);
    const plain = await book(other.headers, csv);
    // SQL places none of their rows then: the worker places both (placing.test.ts).
    for (const [headers, id] of [
      [home.headers, appealed.id],
      [other.headers, plain.id],
    ] as const) {
      expect((await monitor(headers, id, { monitored: true })).json()).toMatchObject({ rows: 0, placing: {} });
      await runPlacingStep(db, { portfolioId: id, product: 'zfire' });
      const state = await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/monitoring`, headers });
      expect(state.json().products).toMatchObject([{ rows: 2, placing: null }]);
    }
    const rowOf = async (portfolioId: number, rowNumber: number) =>
      db
        .selectFrom('monitored_rows')
        .select(['property_id', 'score', 'risk_level'])
        .where('portfolio_id', '=', portfolioId)
        .where('row_number', '=', rowNumber)
        .executeTakeFirstOrThrow();
    const propertyOf = [(await rowOf(appealed.id, 1)).property_id, (await rowOf(appealed.id, 2)).property_id];

    // Home publishes an appeal on each: the roof material (no capture here looks at it) on row 1,
    // the vegetation cover (which the capture below grows) on row 2.
    const publish = async (propertyId: string, inputs: Record<string, string | number>, score: number) => {
      const appeal = await db
        .insertInto('appeals')
        .values({
          organization_id: home.org.id,
          property_id: propertyId,
          h3_index: 'h3',
          product: 'zfire',
          manual_inputs: JSON.stringify(inputs),
          deadline_at: new Date(Date.now() + 86_400_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('appeal_score_versions')
        .values({
          organization_id: home.org.id,
          property_id: propertyId,
          product: 'zfire',
          version: 1,
          appeal_id: appeal.id,
          score,
          risk_level: 'low',
          model_version: 'appeal',
          manual_inputs: JSON.stringify(inputs),
          result: JSON.stringify({ score, riskLevel: 'low', modelVersion: 'appeal', factors: [] }),
        })
        .execute();
    };
    await publish(propertyOf[0]!, { roof_material: 'metal' }, 3.3);
    await publish(propertyOf[1]!, { vegetation_cover: 5 }, 4.4);
    await runMonitoringStep(db);
    expect(await rowOf(appealed.id, 1)).toMatchObject({ score: 3.3 });
    expect(await rowOf(appealed.id, 2)).toMatchObject({ score: 4.4 });
    const plainBefore = [await rowOf(plain.id, 1), await rowOf(plain.id, 2)];

    // Every roof replaced and every tree grown under the capture.
    const report = await recaptureArea(db, { neighbourhoodId: area!.id, date: today, roofShare: 1, treeShare: 1 });
    const applied = await runMonitoringStep(db);
    expect(applied.map((a) => a.cause)).toEqual(['capture']);
    const captured = await db
      .selectFrom('score_changes')
      .select(['portfolio_id', 'row_number', 'cause_id'])
      .where('portfolio_id', 'in', [appealed.id, plain.id])
      .where('cause', '=', 'capture')
      .execute();
    // The appeal of the roof material stands: row 1 keeps the appeal's score, nothing recorded.
    expect(await rowOf(appealed.id, 1)).toMatchObject({ score: 3.3 });
    expect(captured.filter((c) => c.portfolio_id === appealed.id && c.row_number === 1)).toEqual([]);
    // The capture grew the trees the appeal of row 2 described: re-scored, recorded with its cause.
    expect((await rowOf(appealed.id, 2)).score).not.toBe(4.4);
    expect(captured.filter((c) => c.portfolio_id === appealed.id && c.row_number === 2)).toEqual([
      { portfolio_id: appealed.id, row_number: 2, cause_id: report.captures[0] },
    ]);
    // The organisation without appeals sees the capture on both rows.
    expect((await rowOf(plain.id, 1)).score).not.toBe(plainBefore[0]!.score);
    expect((await rowOf(plain.id, 2)).score).not.toBe(plainBefore[1]!.score);
  }, 240_000);

  it('monitors every row the run scored, a point just off its parcel too', async () => {
    // Street-side coordinates a few metres north of their parcel, in no parcel: the run places them
    // by the exact rule (the nearest property within 40 m), which the book's SQL copy cannot repeat.
    const { rows: points } = await sql<{ id: string; lat: number; lng: number }>`
      SELECT id, lat, lng FROM (
        SELECT p.id, ((box(zview_simple_parcel(p.parcel)))[0])[1] + 0.00002 AS lat, p.lng
        FROM properties p WHERE zview_simple_parcel(p.parcel) IS NOT NULL) c
      WHERE NOT EXISTS (SELECT 1 FROM properties q WHERE zview_simple_parcel(q.parcel) @> point(c.lng, c.lat))
      ORDER BY id LIMIT 3`.execute(db);
    expect(points).toHaveLength(3);
    const csv = `Ref,Latitude,Longitude\n${points.map((p, i) => `S${i + 1},${p.lat},${p.lng}`).join('\n')}\n`;
    const home = await createMember(app, db);
    const street = await book(home.headers, csv);
    const on = await monitor(home.headers, street.id, { monitored: true });
    expect(on.json()).toMatchObject({ rows: 0, placing: { rowsChecked: 0, rowsTotal: 3 } });
    expect(await runPlacingStep(db, { portfolioId: street.id, product: 'zfire' })).toEqual({ done: true, joined: 3 });
    const held = await db
      .selectFrom('monitored_rows')
      .select(['row_number', 'property_id'])
      .where('portfolio_id', '=', street.id)
      .orderBy('row_number')
      .execute();
    // On the property the run scored them for: the exact rule's (not always the parcel they are off).
    const exact = await geocodeCoordinatesMany(db, points);
    expect(held).toEqual(exact.map((hit, i) => ({ row_number: i + 1, property_id: hit.propertyId })));
    expect(exact.every((hit) => hit.propertyId !== null)).toBe(true);

    // A whole-book rerun becomes the book's new base: still every row.
    const rerun = await app.inject({
      method: 'PUT',
      url: `/api/caribou/portfolio/${street.id}/product/zfire/rerun_portfolio`,
      headers: home.headers,
    });
    expect(rerun.statusCode, rerun.body).toBe(202);
    const meta = await steps.waitForStatus(home.headers, street.id, 'zfire', 'READY');
    const newRun = meta.products.find((p: { product: string }) => p.product === 'zfire').runs.at(-1).runId as number;
    expect(newRun).not.toBe(street.runId);
    await runMonitoringStep(db);
    await runPlacingStep(db, { portfolioId: street.id, product: 'zfire' });
    const rebased = await db
      .selectFrom('monitored_products')
      .innerJoin('monitored_rows', (j) =>
        j
          .onRef('monitored_rows.portfolio_id', '=', 'monitored_products.portfolio_id')
          .onRef('monitored_rows.product', '=', 'monitored_products.product'),
      )
      .select(['monitored_products.base_run_id', 'monitored_rows.property_id'])
      .where('monitored_products.portfolio_id', '=', street.id)
      .orderBy('monitored_rows.row_number')
      .execute();
    expect(rebased).toEqual(exact.map((hit) => ({ base_run_id: newRun, property_id: hit.propertyId })));
  }, 120_000);
});
