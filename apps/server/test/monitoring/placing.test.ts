import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { idlePlacings } from '../../src/db/monitored-rows-placement.js';
import { runMonitoringStep, runPlacingStep, startPlacingWorker } from '../../src/jobs/monitoring-jobs.js';
import { recaptureArea } from '../../src/world/recapture.js';
import { createMember, usePortfolioTestApp, waitFor } from '../portfolio/app.js';
import { portfolioSteps, type Headers } from '../portfolio/steps.js';
import { streetSidePoints } from './street-side.js';

// Switching monitoring on no longer places, inside the request, the rows only the exact rule places:
// the worker does, a page at a time, and the changes recorded meanwhile reach those rows once.
const { app, db, queue } = await usePortfolioTestApp({ chunkSize: 20, realEngines: { properties: 300 } });
const steps = portfolioSteps(app);
const today = new Date().toISOString().slice(0, 10);

async function book(headers: Headers, csv: string) {
  const id = await steps.createPortfolio(headers, csv, { products: 'zfire' });
  await steps.waitForStatus(headers, id, 'zfire', 'READY');
  return id;
}

const monitor = (headers: Headers, id: number, body: object) =>
  app.inject({ method: 'PUT', url: `/api/caribou/portfolio/${id}/product/zfire/monitoring`, headers, payload: body });
const stateOf = async (headers: Headers, id: number) => {
  const res = await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/monitoring`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().products as { rows: number; placing: { rowsChecked: number; rowsTotal: number } | null }[];
};
const rowsOf = (portfolioId: number) =>
  db
    .selectFrom('monitored_rows')
    .select(['row_number', 'property_id', 'score', 'risk_level'])
    .where('portfolio_id', '=', portfolioId)
    .orderBy('row_number')
    .execute();
const captureChangesOf = (portfolioId: number) =>
  db
    .selectFrom('score_changes')
    .select(['row_number', 'old_score', 'new_score', 'world_change_id'])
    .where('portfolio_id', '=', portfolioId)
    .where('cause', '=', 'capture')
    .orderBy('row_number')
    .execute();

describe('placing a monitored book on the worker', () => {
  it('answers the switch-on at once, places the rest on the worker, and gives late rows the changes meanwhile once', async () => {
    // Street-side points just off their parcel, in no parcel: only the exact rule (the nearest
    // property within 40 m) places them, which the request's SQL copy cannot repeat.
    const { street, ids: exact } = await streetSidePoints(db);
    expect(exact.every(Boolean)).toBe(true);
    const properties = await db
      .selectFrom('properties')
      .select(['id', 'lat', 'lng'])
      .where('id', 'in', exact)
      .execute();
    const at = new Map(properties.map((p) => [p.id, p]));
    // Rows 1–4 on those properties' own points (placed by SQL), rows 5–8 the street-side points.
    const points = [...exact.map((id) => at.get(id)!), ...street];
    const csv = `Ref,Latitude,Longitude\n${points.map((p, i) => `P${i + 1},${p.lat},${p.lng}`).join('\n')}\n`;
    const home = await createMember(app, db);
    const foreign = await createMember(app, db);
    const watched = await book(home.headers, csv);
    const toggled = await book(home.headers, csv);

    // Another organisation can neither see the book's state nor switch it on.
    expect((await monitor(foreign.headers, watched, { monitored: true })).statusCode).toBe(404);
    const peek = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${watched}/monitoring`,
      headers: foreign.headers,
    });
    expect(peek.statusCode).toBe(404);
    expect(await rowsOf(watched)).toEqual([]);

    // The switch-on answers with what SQL placed; the street-side rows wait for the worker.
    const on = await monitor(home.headers, watched, { monitored: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({
      monitored: true,
      rows: 4,
      placing: { rowsChecked: 0, rowsTotal: 8 },
      note: expect.stringContaining('Rows are still being placed on properties'),
    });
    expect((await rowsOf(watched)).map((r) => r.row_number)).toEqual([1, 2, 3, 4]);
    const queued = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job
      WHERE name = 'monitoring-place-v1' AND (data->>'portfolioId')::int = ${watched}`.execute(db);
    expect(queued.rows[0]!.n).toBe(1);
    // The sweep finds a placing no page has moved for a while (a worker killed): this one, at 0 s.
    expect(await idlePlacings(db, 0)).toContainEqual({ portfolioId: watched, product: 'zfire' });
    expect(await idlePlacings(db, 3600)).toEqual([]);
    // Switched on again meanwhile: the same book, still placing, nothing copied twice.
    const again = await monitor(home.headers, watched, { monitored: true });
    expect(again.json()).toMatchObject({ rows: 4, placing: { rowsChecked: 0, rowsTotal: 8 } });

    // Switched off while placing: the worker's placing finds nothing to place and ends.
    expect((await monitor(home.headers, toggled, { monitored: true })).json()).toMatchObject({ rows: 4 });
    expect((await monitor(home.headers, toggled, { monitored: false })).json()).toMatchObject({
      monitored: false,
      placing: null,
    });
    expect(await runPlacingStep(db, { portfolioId: toggled, product: 'zfire' })).toEqual({ done: true, joined: 0 });
    expect(await rowsOf(toggled)).toEqual([]);
    expect(await stateOf(home.headers, toggled)).toEqual([]);

    // A capture over the properties is applied while the street-side rows are still being placed:
    // it reaches the four rows in the book.
    const lat = properties.map((p) => p.lat);
    const lng = properties.map((p) => p.lng);
    const area = {
      west: Math.min(...lng) - 1e-4,
      south: Math.min(...lat) - 1e-4,
      east: Math.max(...lng) + 1e-4,
      north: Math.max(...lat) + 1e-4,
    };
    const report = await recaptureArea(db, { area, date: today, roofShare: 1, treeShare: 1 });
    const applied = await runMonitoringStep(db);
    expect(applied).toMatchObject([{ id: report.changeId, cause: 'capture', affectedRows: 4 }]);
    const before = await captureChangesOf(watched);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((c) => c.row_number <= 4)).toBe(true);

    // The worker places the rest, one row a page and a page a job (each job queues the next).
    await startPlacingWorker(db, queue, { pageRows: 1, maxPages: 1 });
    await waitFor(async () => (await stateOf(home.headers, watched))[0]?.placing === null, 60_000, 'placing done');
    expect(await stateOf(home.headers, watched)).toMatchObject([{ rows: 8, placing: null }]);
    expect(await idlePlacings(db, 0)).not.toContainEqual({ portfolioId: watched, product: 'zfire' });
    const held = await rowsOf(watched);
    expect(held.map((r) => r.property_id)).toEqual([...exact, ...exact]);
    // Each street-side row took the capture applied before it joined, as its twin on the same
    // property did in the book: same score now, and the same one change recorded.
    for (let i = 0; i < 4; i += 1)
      expect({ score: held[i + 4]!.score, level: held[i + 4]!.risk_level }).toEqual({
        score: held[i]!.score,
        level: held[i]!.risk_level,
      });
    const after = await captureChangesOf(watched);
    const twins = after.filter((c) => c.row_number > 4).map((c) => ({ ...c, row_number: c.row_number - 4 }));
    expect(twins).toEqual(before);
    expect(after.every((c) => c.world_change_id === report.changeId)).toBe(true);
    const change = await db
      .selectFrom('world_changes')
      .select(['affected_rows', 'changed_rows'])
      .where('id', '=', report.changeId)
      .executeTakeFirstOrThrow();
    expect(change).toEqual({ affected_rows: 8, changed_rows: after.length });

    // Nothing left waits: the monitoring step applies nothing again, and the book is whole.
    expect(await runMonitoringStep(db)).toEqual([]);
    expect(await captureChangesOf(watched)).toEqual(after);

    // Switched on again after the switch-off: placed afresh, from the run, by the worker.
    expect((await monitor(home.headers, toggled, { monitored: true })).json()).toMatchObject({
      rows: 4,
      placing: { rowsChecked: 0 },
    });
    await waitFor(async () => (await stateOf(home.headers, toggled))[0]?.placing === null, 60_000, 'placing done');
    expect((await rowsOf(toggled)).map((r) => r.property_id)).toEqual([...exact, ...exact]);
  }, 240_000);
});
