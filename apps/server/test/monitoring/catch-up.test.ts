import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { waitForApplier } from '../../src/db/monitoring.js';
import { insertPlacementCells, placementBuilt } from '../../src/db/score-index-builds.js';
import { worldRevision } from '../../src/db/world-revision.js';
import { runMonitoringStep, runPlacingStep } from '../../src/jobs/monitoring-jobs.js';
import { amendBuildings } from '../../src/world/amend.js';
import { recaptureArea } from '../../src/world/recapture.js';
import { createMember, usePortfolioTestApp } from '../portfolio/app.js';
import { streetSidePoints } from './street-side.js';
import { portfolioSteps, type Headers } from '../portfolio/steps.js';

// The catch-up of rows the worker places late: each world change they take is dated when it was
// applied to the book (as their twins' are), not when they were placed; and a book switched on
// while a change is being applied takes that change on all its rows, as one switched on after it.
const { app, db } = await usePortfolioTestApp({ chunkSize: 20, realEngines: { properties: 300 } });
const steps = portfolioSteps(app);

const day = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

interface Change {
  rowNumber: number;
  oldScore: number | null;
  newScore: number | null;
  changedAt: string;
  effectiveOn: string;
  cause: string;
}

async function book(headers: Headers, csv: string) {
  const id = await steps.createPortfolio(headers, csv, { products: 'zfire' });
  await steps.waitForStatus(headers, id, 'zfire', 'READY');
  return id;
}
const monitor = (headers: Headers, id: number) =>
  app.inject({
    method: 'PUT',
    url: `/api/caribou/portfolio/${id}/product/zfire/monitoring`,
    headers,
    payload: { monitored: true },
  });
async function changesOf(headers: Headers, id: number, query = '') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/caribou/portfolio/${id}/changes?itemsPerPage=500${query}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { total: number; changes: Change[] };
}

/** Four properties with a street-side point each, just off the parcel: only the worker places those. */
async function streetSide() {
  const { street, ids } = await streetSidePoints(db);
  const properties = await db.selectFrom('properties').select(['id', 'lat', 'lng']).where('id', 'in', ids).execute();
  const at = new Map(properties.map((p) => [p.id, p]));
  const own = ids.map((id) => at.get(id)!);
  const area = {
    west: Math.min(...own.map((p) => p.lng)) - 1e-4,
    south: Math.min(...own.map((p) => p.lat)) - 1e-4,
    east: Math.max(...own.map((p) => p.lng)) + 1e-4,
    north: Math.max(...own.map((p) => p.lat)) + 1e-4,
  };
  return { ids, own, street, area };
}
const csvOf = (points: { lat: number; lng: number }[]) =>
  `Ref,Latitude,Longitude\n${points.map((p, i) => `P${i + 1},${p.lat},${p.lng}`).join('\n')}\n`;

describe('catching up rows placed late', () => {
  it('dates each change a late row takes when the world changed, in order, found by date range', async () => {
    const { ids, own, street, area } = await streetSide();
    const home = await createMember(app, db);
    const foreign = await createMember(app, db);
    // Rows 1–4 on the properties' own points (copied at switch-on), rows 5–8 street-side (placed later).
    const id = await book(home.headers, csvOf([...own, ...street]));
    expect((await monitor(home.headers, id)).json()).toMatchObject({ rows: 4, placing: { rowsChecked: 0 } });

    // Two changes applied to the book while rows 5–8 wait: a capture twenty days ago, a correction ten.
    const captured = daysAgo(20);
    const corrected = daysAgo(10);
    await recaptureArea(db, { area, date: day(captured), roofShare: 1, treeShare: 1 });
    expect(await runMonitoringStep(db, { changedAt: captured })).toMatchObject([{ cause: 'capture' }]);
    await amendBuildings(db, {
      cause: 'correction',
      propertyIds: ids,
      features: { roof_material: 'wood_shake', footprint_sqft: 2400 },
      date: day(corrected),
      reference: `COR-CATCH-UP-${id}`,
    });
    expect(await runMonitoringStep(db, { changedAt: corrected })).toMatchObject([{ cause: 'correction' }]);
    const early = (await changesOf(home.headers, id)).changes;
    const causes = new Set(early.map((c) => c.cause));
    expect(causes).toEqual(new Set(['capture', 'correction']));
    expect(early.every((c) => c.rowNumber <= 4)).toBe(true);

    // The worker places rows 5–8 today; they take both changes, each dated as their twins' are.
    expect(await runPlacingStep(db, { portfolioId: id, product: 'zfire' }, { pageRows: 2 })).toMatchObject({
      done: true,
      joined: 4,
    });
    const all = (await changesOf(home.headers, id)).changes;
    const twinsOf = (cause: string) =>
      all
        .filter((c) => c.cause === cause && c.rowNumber > 4)
        .map((c) => ({ ...c, rowNumber: c.rowNumber - 4 }))
        .sort((a, b) => a.rowNumber - b.rowNumber);
    // Each by its own cause too: the capture moved them as far as it moved their twins, the later
    // correction's move is the correction's (the world amended since is set back for the capture).
    const seen = ({ rowNumber, changedAt, effectiveOn, oldScore, newScore }: Change) => ({
      rowNumber,
      changedAt,
      effectiveOn,
      oldScore,
      newScore,
    });
    for (const cause of causes) {
      const held = early.filter((c) => c.cause === cause).sort((a, b) => a.rowNumber - b.rowNumber);
      expect(twinsOf(cause).map(seen)).toEqual(held.map(seen));
    }
    const stamps = (cause: string) => new Set(all.filter((c) => c.cause === cause).map((c) => c.changedAt));
    expect(stamps('capture')).toEqual(new Set([captured.toISOString()]));
    expect(stamps('correction')).toEqual(new Set([corrected.toISOString()]));

    // Newest first by when they happened: every correction before every capture, though the late
    // rows' captures were recorded after the book's corrections.
    expect(all.map((c) => c.cause)).toEqual([
      ...all.filter((c) => c.cause === 'correction').map(() => 'correction'),
      ...all.filter((c) => c.cause === 'capture').map(() => 'capture'),
    ]);
    // A late row's history, oldest first: the capture, then the correction.
    const history = (await changesOf(home.headers, id, '&rowNumber=5')).changes;
    expect(history.map((c) => c.cause)).toEqual(
      early.some((c) => c.rowNumber === 1 && c.cause === 'capture') ? ['capture', 'correction'] : ['correction'],
    );

    // A date range finds them by that date: the capture's day holds every capture change and no other;
    // today (the placing's day) holds none.
    const onCaptureDay = await changesOf(home.headers, id, `&from=${day(captured)}&to=${day(captured)}`);
    expect(onCaptureDay.total).toBe(all.filter((c) => c.cause === 'capture').length);
    expect(onCaptureDay.changes.every((c) => c.cause === 'capture')).toBe(true);
    const sinceCorrection = await changesOf(home.headers, id, `&from=${day(corrected)}`);
    expect(sinceCorrection.total).toBe(all.filter((c) => c.cause === 'correction').length);
    expect((await changesOf(home.headers, id, `&from=${day(new Date())}`)).total).toBe(0);

    // Another organisation sees nothing of it.
    const peek = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${id}/changes?from=${day(captured)}`,
      headers: foreign.headers,
    });
    expect(peek.statusCode).toBe(404);
  }, 240_000);

  it('gives a change being applied while a book is switched on to all of its rows', async () => {
    // The world's placement cells built again after the changes above, so that the switch-on's SQL copies every row.
    const revision = await worldRevision(db);
    if (!(await placementBuilt(db, revision))) await insertPlacementCells(db, revision);
    const { own, area } = await streetSide();
    const home = await createMember(app, db);
    const csv = csvOf(own);
    const watched = await book(home.headers, csv);
    const joining = await book(home.headers, csv);
    expect((await monitor(home.headers, watched)).json()).toMatchObject({ rows: 4, placing: null });
    /** A book's rows and their scores now. */
    const bookRows = (portfolioId: number) =>
      db
        .selectFrom('monitored_rows')
        .select(['row_number', 'score'])
        .where('portfolio_id', '=', portfolioId)
        .orderBy('row_number')
        .execute();

    // The capture is applied a property a page; after the first page that recorded changes, the
    // other book is switched on, and the applier goes on only once the switch-on either answered or
    // waits for it.
    await recaptureArea(db, { area, date: day(new Date()), roofShare: 1, treeShare: 1 });
    let switchOn: ReturnType<typeof monitor> | undefined;
    const waitingForApplier = async () => {
      for (;;) {
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND wait_event = 'advisory' AND query LIKE 'SELECT pg_advisory_xact_lock%'`.execute(
          db,
        );
        if (rows[0]!.n > 0) return 'waiting';
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const applied = await runMonitoringStep(db, {
      pageSize: 1,
      onChanges: async () => {
        if (switchOn) return;
        switchOn = monitor(home.headers, joining);
        await Promise.race([switchOn.then(() => 'answered'), waitingForApplier()]);
      },
    });
    expect(applied).toMatchObject([{ cause: 'capture' }]);
    expect(switchOn).toBeDefined();
    const answer = await switchOn!;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ rows: 4 });

    // The capture was applied before the switch-on took its rows; the book was scored before the
    // capture, so the switch-on gave it to every row: the same moves as the watched book's, dated
    // when the capture was applied. (Until session 29 the book stayed on its run's scores for good.)
    const movesOf = async (portfolioId: number) =>
      (
        await sql<{ row_number: number; old_score: number; new_score: number; cause: string; changed_at: Date }>`
          SELECT row_number, old_score, new_score, cause, changed_at FROM score_changes
          WHERE portfolio_id = ${portfolioId} ORDER BY row_number`.execute(db)
      ).rows;
    const watchedMoves = await movesOf(watched);
    expect(watchedMoves.length).toBeGreaterThan(0);
    expect(watchedMoves.every((m) => m.cause === 'capture')).toBe(true);
    expect(await movesOf(joining)).toEqual(watchedMoves);
    const watchedRows = await bookRows(watched);
    expect(await bookRows(joining)).toEqual(watchedRows);

    // A book scored after the capture held it already: switched on, it records nothing and keeps
    // its run's scores, which are the watched book's now.
    const now = await worldRevision(db);
    if (!(await placementBuilt(db, now))) await insertPlacementCells(db, now);
    const later = await book(home.headers, csv);
    expect((await monitor(home.headers, later)).json()).toMatchObject({ rows: 4, placing: null });
    expect(await movesOf(later)).toEqual([]);
    expect(await bookRows(later)).toEqual(watchedRows);
  }, 240_000);

  it('refuses a switch-on that waited too long for a change being applied, and lets it through once it is done', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holding = db.transaction().execute(async (trx) => {
      expect(await waitForApplier(trx, 1_000)).toBe(true);
      await released;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(
      db.transaction().execute(async (trx) => {
        if (!(await waitForApplier(trx, 100))) throw new Error('waited too long');
      }),
    ).rejects.toThrow('waited too long');
    release();
    await holding;
    expect(await db.transaction().execute((trx) => waitForApplier(trx, 100))).toBe(true);
  });
});
