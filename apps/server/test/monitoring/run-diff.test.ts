import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { applyScores, insertWorldChange, type NewScore } from '../../src/db/monitoring.js';
import { finishRun, insertRun, resultsPartition } from '../../src/db/portfolio-runs.js';
import { diffCounts, keptChain } from '../../src/db/run-diff.js';
import { offLoopRendersDone } from '../../src/domain/off-loop/pool.js';
import { createMember, usePortfolioTestApp } from '../portfolio/app.js';

// The diff of any two runs of a portfolio, or a run and the monitored book now (issue 41), on a
// book of eight rows whose scores are written by hand so that every answer can be counted by hand.
const { app, db } = await usePortfolioTestApp({ worker: false });

type Scores = Record<number, number>;
const level = (score: number) => (score >= 70 ? 'high' : score >= 40 ? 'medium' : 'low');

/** A run of the book with these scores, finished as the pipeline finishes one (its diff kept). */
async function run(portfolioId: number, userId: string, scores: Scores, previous: number | null) {
  return db.transaction().execute(async (trx) => {
    const runId = await insertRun(trx, {
      portfolio_id: portfolioId,
      product: 'zfire',
      model_version: 'hand',
      data_date: '2026-01-01',
      requested_by: userId,
      chunk_size: 8,
      chunk_count: 1,
      previous_run_id: previous,
      score_build_id: null,
    });
    for (const [row, score] of Object.entries(scores))
      await sql`INSERT INTO ${sql.table(resultsPartition(runId))} (run_id, row_number, score, risk_level, confidence, top_factors, model_version)
        VALUES (${runId}, ${Number(row)}, ${score}, ${level(score)}, 0.9, '[]', 'hand')`.execute(trx);
    await finishRun(trx, runId);
    return runId;
  });
}

/** Moves monitored rows as the monitoring engine does (one statement, each change recorded). */
async function change(scores: Record<number, number>) {
  const id = await insertWorldChange(db, {
    cause: 'correction',
    causeId: `hand-${Object.keys(scores).join('-')}`,
    occurredOn: new Date().toISOString().slice(0, 10),
    propertyIds: Object.keys(scores).map((row) => `hand-p${row}`),
  });
  const world = await db.selectFrom('world_changes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const news: NewScore[] = Object.entries(scores).map(([row, score]) => ({
    propertyId: `hand-p${row}`,
    product: 'zfire',
    organizationId: null,
    score,
    riskLevel: level(score),
    factors: [],
    modelVersion: 'hand',
  }));
  await db.transaction().execute((trx) => applyScores(trx, world, news, new Date()));
}

/** The earlier runs a run keeps a pair summary against (migration 1650). */
async function keptPairs(runId: number) {
  const rows = await db
    .selectFrom('portfolio_run_pair_diffs')
    .select('earlier_run_id')
    .where('run_id', '=', runId)
    .orderBy('earlier_run_id')
    .execute();
  return rows.map((r) => r.earlier_run_id);
}

/** A book of eight rows placed on properties hand-p1…hand-p8, with its zfire product (no run yet). */
async function handBook() {
  const { org, user, headers } = await createMember(app, db);
  const upload = `hand-${org.id}.csv`;
  await db
    .insertInto('portfolio_uploads')
    .values({
      name: upload,
      organization_id: org.id,
      user_id: user.id,
      original_name: 'hand.csv',
      size_bytes: 0,
      delimiter: ',',
      has_bom: false,
      header: '[]',
    })
    .execute();
  const portfolio = await db
    .insertInto('portfolios')
    .values({
      organization_id: org.id,
      name: 'Hand book',
      uploaded_file_name: upload,
      created_by: user.id,
      header: '[]',
      column_mapping: '{}',
      row_count: 8,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`CREATE TABLE ${sql.table(`portfolio_rows_${portfolio.id}`)} PARTITION OF portfolio_rows FOR VALUES IN (${sql.lit(portfolio.id)})`.execute(
    db,
  );
  await sql`INSERT INTO portfolio_rows (portfolio_id, row_number, ref, address, attributes, csv_line, geo_property_id)
    SELECT ${portfolio.id}, k, 'H' || k, k || ' Hand St', '{}', 'H' || k, 'hand-p' || k FROM generate_series(1, 8) k`.execute(
    db,
  );
  await db
    .insertInto('portfolio_products')
    .values({ portfolio_id: portfolio.id, product: 'zfire', current_run_id: null })
    .execute();
  return { portfolioId: portfolio.id, userId: user.id, headers };
}

describe('the diff of any two runs, or a run and now', () => {
  it('answers non-consecutive runs and run → now from the kept diffs and score changes, as a hand count says', async () => {
    const { portfolioId, userId, headers } = await handBook();
    const run1 = await run(portfolioId, userId, { 1: 10, 2: 20, 3: 30, 4: 50, 5: 60, 6: 80, 7: 90, 8: 15 }, null);
    // Run 2 moves rows 1 (low → medium), 4 (medium → high) and 8 (15 → 16, still low).
    const run2 = await run(portfolioId, userId, { 1: 45, 2: 20, 3: 30, 4: 75, 5: 60, 6: 80, 7: 90, 8: 16 }, run1);
    // Run 3 takes row 1 back to its first score and moves rows 3 (30 → 35) and 7 (high → medium).
    const run3 = await run(portfolioId, userId, { 1: 10, 2: 20, 3: 35, 4: 75, 5: 60, 6: 80, 7: 65, 8: 16 }, run2);
    expect(await keptChain(db, run1, run3)).toEqual(expect.arrayContaining([run2, run3]));

    const diff = (from: number, to: number | 'now') =>
      app.inject({
        method: 'GET',
        url: `/api/caribou/portfolio/${portfolioId}/product/zfire/diff?from=${from}&to=${to}`,
        headers,
      });
    const byTransition = (ts: { from: string; to: string; count: number }[]) =>
      Object.fromEntries(ts.map((t) => [`${t.from}>${t.to}`, t.count]));

    // Run 1 → run 3 by hand: row 1 came back (unchanged); rows 3 (+5), 4 (+25), 7 (−25), 8 (+1) moved.
    const forward = await diff(run1, run3);
    expect(forward.statusCode, forward.body).toBe(200);
    expect(forward.json()).toMatchObject({ rows: 8, changed: 4, meanDelta: 1.5 });
    expect(byTransition(forward.json().transitions)).toEqual({ 'low>low': 2, 'medium>high': 1, 'high>medium': 1 });
    const backward = await diff(run3, run1);
    expect(backward.json()).toMatchObject({ rows: 8, changed: 4, meanDelta: -1.5 });
    expect(byTransition(backward.json().transitions)).toEqual({ 'low>low': 2, 'high>medium': 1, 'medium>high': 1 });
    // The same as the two runs joined row by row.
    const joined = (await diffCounts(db, { run: run1 }, { run: run3 })).filter((c) => c.changed);
    expect(joined.reduce((n, c) => n + c.count, 0)).toBe(4);

    // The export renders on a render thread (domain/off-loop), as the portfolio exports do.
    const rendersBefore = offLoopRendersDone();
    const csv = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${portfolioId}/product/zfire/diff/export?from=${run1}&to=${run3}&format=csv`,
      headers,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    // (counted when the thread's task settles, just after its last chunk arrives)
    await expect.poll(offLoopRendersDone).toBe(rendersBefore + 1);
    expect(csv.body.trim().split('\n')).toEqual([
      'row_number,ref,address,old_score,old_level,new_score,new_level,delta',
      '3,H3,3 Hand St,30,low,35,low,5.0',
      '4,H4,4 Hand St,50,medium,75,high,25.0',
      '7,H7,7 Hand St,90,high,65,medium,-25.0',
      '8,H8,8 Hand St,15,low,16,low,1.0',
    ]);

    const xlsx = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${portfolioId}/product/zfire/diff/export?from=${run3}&to=${run1}&format=xlsx`,
      headers,
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    await expect.poll(offLoopRendersDone).toBe(rendersBefore + 2);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(5);
    expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual([
      4,
      'H4',
      '4 Hand St',
      75,
      'high',
      50,
      'medium',
      -25,
    ]);
    // A refusal comes before the first byte, and nothing is rendered for it.
    const refused = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${portfolioId}/product/zfire/diff/export?from=${run1}&to=999999&format=xlsx`,
      headers,
    });
    expect(refused.statusCode).toBe(404);
    expect(offLoopRendersDone()).toBe(rendersBefore + 2);

    // Monitored from run 3; corrections then move row 3 back to 30 and row 5 to 70 (medium → high).
    const monitored = await app.inject({
      method: 'PUT',
      url: `/api/caribou/portfolio/${portfolioId}/product/zfire/monitoring`,
      headers,
      payload: { monitored: true },
    });
    expect(monitored.statusCode, monitored.body).toBe(200);
    await change({ 3: 30 });
    await change({ 5: 70 });

    // Run 1 → now by hand: rows 4 (+25), 5 (+10), 7 (−25), 8 (+1); row 3 is back at run 1's 30.
    const sinceFirst = await diff(run1, 'now');
    expect(sinceFirst.statusCode, sinceFirst.body).toBe(200);
    expect(sinceFirst.json()).toMatchObject({ rows: 8, changed: 4, meanDelta: 2.8 });
    expect(byTransition(sinceFirst.json().transitions)).toEqual({ 'medium>high': 2, 'high>medium': 1, 'low>low': 1 });
    // Run 3 (the base) → now: rows 3 (−5) and 5 (+10).
    const sinceBase = await diff(run3, 'now');
    expect(sinceBase.json()).toMatchObject({ rows: 8, changed: 2, meanDelta: 2.5 });
    expect(byTransition(sinceBase.json().transitions)).toEqual({ 'low>low': 1, 'medium>high': 1 });
    const nowCsv = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${portfolioId}/product/zfire/diff/export?from=${run2}&to=now&format=csv`,
      headers,
    });
    // Run 2 → now: rows 1 (45 → 10), 5 (60 → 70), 7 (90 → 65); row 3 is 30 on both sides.
    expect(nowCsv.body.trim().split('\n').slice(1)).toEqual([
      '1,H1,1 Hand St,45,medium,10,low,-35.0',
      '5,H5,5 Hand St,60,medium,70,high,10.0',
      '7,H7,7 Hand St,90,high,65,medium,-25.0',
    ]);

    // The summaries above were read from the pairs kept at each run's finish; without them (runs
    // finished before migration 1650) they are composed from the steps, to the same answers.
    expect(await keptPairs(run3)).toEqual([run1]);
    await db.deleteFrom('portfolio_run_pair_diffs').where('run_id', '=', run3).execute();
    expect((await diff(run1, run3)).json()).toEqual(forward.json());
    expect((await diff(run3, run1)).json()).toEqual(backward.json());
    expect((await diff(run1, 'now')).json()).toEqual(sinceFirst.json());

    // Without a kept link between two runs (as before migration 1120) the sides are joined row by row.
    await db.deleteFrom('portfolio_run_diffs').where('run_id', '=', run2).execute();
    expect(await keptChain(db, run1, run3)).toBeNull();
    const joinedAnswer = await diff(run1, run3);
    expect(joinedAnswer.json()).toEqual(forward.json());
  }, 60_000);

  it('answers rows that moved several times between the two sides, as a hand count and the join say', async () => {
    const { portfolioId, userId, headers } = await handBook();
    const diff = async (from: number, to: number | 'now') => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/caribou/portfolio/${portfolioId}/product/zfire/diff?from=${from}&to=${to}`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return {
        changed: body.changed,
        meanDelta: body.meanDelta,
        transitions: Object.fromEntries(
          (body.transitions as { from: string; to: string; count: number }[]).map((t) => [
            `${t.from}>${t.to}`,
            t.count,
          ]),
        ),
      };
    };
    const joinedChanged = async (from: number, to: number) =>
      (await diffCounts(db, { run: from }, { run: to })).filter((c) => c.changed).reduce((n, c) => n + c.count, 0);

    const run1 = await run(portfolioId, userId, { 1: 10, 2: 20, 3: 30, 4: 50, 5: 60, 6: 80, 7: 90, 8: 15 }, null);
    // Rows 1, 2 and 6 move in every run; row 4 moves in runs 3 and 4 and comes back.
    const run2 = await run(portfolioId, userId, { 1: 45, 2: 41, 3: 30, 4: 50, 5: 60, 6: 60, 7: 90, 8: 15 }, run1);
    const run3 = await run(portfolioId, userId, { 1: 75, 2: 20, 3: 30, 4: 55, 5: 60, 6: 85, 7: 90, 8: 15 }, run2);
    const run4 = await run(portfolioId, userId, { 1: 12, 2: 41, 3: 30, 4: 50, 5: 60, 6: 80, 7: 90, 8: 15 }, run3);
    expect(await keptPairs(run4)).toEqual([run1, run2]);

    // Run 1 → 4: row 1 10 → 12 (low, +2), row 2 20 → 41 (low → medium, +21); rows 4 and 6 came back.
    const oneToFour = { changed: 2, meanDelta: 11.5, transitions: { 'low>low': 1, 'low>medium': 1 } };
    expect(await diff(run1, run4)).toEqual(oneToFour);
    expect(await diff(run4, run1)).toEqual({
      changed: 2,
      meanDelta: -11.5,
      transitions: { 'low>low': 1, 'medium>low': 1 },
    });
    expect(await joinedChanged(run1, run4)).toBe(2);
    // Run 2 → 4: row 1 45 → 12 (medium → low, −33), row 6 60 → 80 (medium → high, +20); row 2 is 41 on both.
    const twoToFour = { changed: 2, meanDelta: -6.5, transitions: { 'medium>low': 1, 'medium>high': 1 } };
    expect(await diff(run2, run4)).toEqual(twoToFour);
    // Run 1 → 3: row 1 low → high (+65), row 6 80 → 85 (+5), row 4 50 → 55 (+5); row 2 came back.
    const oneToThree = {
      changed: 3,
      meanDelta: 25,
      transitions: { 'low>high': 1, 'high>high': 1, 'medium>medium': 1 },
    };
    expect(await diff(run1, run3)).toEqual(oneToThree);
    expect(await joinedChanged(run1, run3)).toBe(3);

    // Monitored from run 4; row 2 goes back to 20, row 1 to 10 and then up to 70, row 5 to 65.
    const monitored = await app.inject({
      method: 'PUT',
      url: `/api/caribou/portfolio/${portfolioId}/product/zfire/monitoring`,
      headers,
      payload: { monitored: true },
    });
    expect(monitored.statusCode, monitored.body).toBe(200);
    await change({ 2: 20 });
    await change({ 1: 10 });
    await change({ 1: 70, 5: 65 });
    // Run 1 → now: row 1 10 → 70 (low → high, +60), row 5 60 → 65 (+5); row 2 is 20 on both.
    const oneToNow = { changed: 2, meanDelta: 32.5, transitions: { 'low>high': 1, 'medium>medium': 1 } };
    expect(await diff(run1, 'now')).toEqual(oneToNow);
    // Run 3 → now: rows 1 (75 → 70) and 6 (85 → 80) high, rows 4 (55 → 50) and 5 (60 → 65) medium.
    const threeToNow = { changed: 4, meanDelta: -2.5, transitions: { 'high>high': 2, 'medium>medium': 2 } };
    expect(await diff(run3, 'now')).toEqual(threeToNow);
    // Run 4 (the base) → now: row 1 12 → 70 (+58), row 2 41 → 20 (−21), row 5 60 → 65 (+5).
    expect(await diff(run4, 'now')).toEqual({
      changed: 3,
      meanDelta: 14,
      transitions: { 'low>high': 1, 'medium>low': 1, 'medium>medium': 1 },
    });

    // Composed from the steps instead (no kept pairs): the same answers.
    await db.deleteFrom('portfolio_run_pair_diffs').where('run_id', 'in', [run3, run4]).execute();
    expect(await diff(run1, run4)).toEqual(oneToFour);
    expect(await diff(run2, run4)).toEqual(twoToFour);
    expect(await diff(run1, run3)).toEqual(oneToThree);
    expect(await diff(run1, 'now')).toEqual(oneToNow);
    expect(await diff(run3, 'now')).toEqual(threeToNow);
  }, 60_000);
});
