import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { diffCounts, keptChain } from '../../src/db/run-diff.js';
import { offLoopRendersDone } from '../../src/domain/off-loop/pool.js';
import { usePortfolioTestApp } from '../portfolio/app.js';
import { handBookSteps } from './hand-book.js';

// The diff of any two runs of a portfolio, or a run and the monitored book now (issue 41), on a
// book of eight rows whose scores are written by hand so that every answer can be counted by hand.
const { app, db } = await usePortfolioTestApp({ worker: false });

const { run, change, handBook, monitor } = handBookSteps(app, db);

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
    const monitored = await monitor(portfolioId, headers);
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
});

describe('rows that moved several times between the two sides', () => {
  // Four runs: rows 1, 2 and 6 move in every run; row 4 moves in runs 3 and 4 and comes back. Then
  // the book is monitored from run 4, and row 2 goes back to 20, row 1 to 10 and then up to 70, row 5 to 65.
  const book = beforeAllAsync(async () => {
    const { portfolioId, userId, headers } = await handBook();
    const runs: number[] = [];
    for (const scores of [
      { 1: 10, 2: 20, 3: 30, 4: 50, 5: 60, 6: 80, 7: 90, 8: 15 },
      { 1: 45, 2: 41, 3: 30, 4: 50, 5: 60, 6: 60, 7: 90, 8: 15 },
      { 1: 75, 2: 20, 3: 30, 4: 55, 5: 60, 6: 85, 7: 90, 8: 15 },
      { 1: 12, 2: 41, 3: 30, 4: 50, 5: 60, 6: 80, 7: 90, 8: 15 },
    ])
      runs.push(await run(portfolioId, userId, scores, runs.at(-1) ?? null));
    const monitored = await monitor(portfolioId, headers);
    expect(monitored.statusCode, monitored.body).toBe(200);
    await change({ 2: 20 });
    await change({ 1: 10 });
    await change({ 1: 70, 5: 65 });
    return { portfolioId, headers, runs };
  });
  /** Run n (1–4) of the book, or 'now'. */
  const side = (n: number | 'now') => (n === 'now' ? 'now' : book().runs[n - 1]!);
  const diff = async (from: number, to: number | 'now') => {
    const { portfolioId, headers } = book();
    const res = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${portfolioId}/product/zfire/diff?from=${side(from)}&to=${side(to)}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return {
      changed: body.changed,
      meanDelta: body.meanDelta,
      transitions: Object.fromEntries(
        (body.transitions as { from: string; to: string; count: number }[]).map((t) => [`${t.from}>${t.to}`, t.count]),
      ),
    };
  };

  type Case = { from: number; to: number | 'now'; moved: string; answer: Awaited<ReturnType<typeof diff>> };
  // Counted by hand.
  const cases: Case[] = [
    {
      from: 1,
      to: 4,
      moved: 'row 1 10 → 12 (low, +2), row 2 20 → 41 (low → medium, +21); rows 4 and 6 came back',
      answer: { changed: 2, meanDelta: 11.5, transitions: { 'low>low': 1, 'low>medium': 1 } },
    },
    {
      from: 4,
      to: 1,
      moved: 'the same, reversed',
      answer: { changed: 2, meanDelta: -11.5, transitions: { 'low>low': 1, 'medium>low': 1 } },
    },
    {
      from: 2,
      to: 4,
      moved: 'row 1 45 → 12 (medium → low, −33), row 6 60 → 80 (medium → high, +20); row 2 is 41 on both',
      answer: { changed: 2, meanDelta: -6.5, transitions: { 'medium>low': 1, 'medium>high': 1 } },
    },
    {
      from: 1,
      to: 3,
      moved: 'row 1 low → high (+65), row 6 80 → 85 (+5), row 4 50 → 55 (+5); row 2 came back',
      answer: { changed: 3, meanDelta: 25, transitions: { 'low>high': 1, 'high>high': 1, 'medium>medium': 1 } },
    },
    {
      from: 1,
      to: 'now',
      moved: 'row 1 10 → 70 (low → high, +60), row 5 60 → 65 (+5); row 2 is 20 on both',
      answer: { changed: 2, meanDelta: 32.5, transitions: { 'low>high': 1, 'medium>medium': 1 } },
    },
    {
      from: 3,
      to: 'now',
      moved: 'rows 1 (75 → 70) and 6 (85 → 80) high, rows 4 (55 → 50) and 5 (60 → 65) medium',
      answer: { changed: 4, meanDelta: -2.5, transitions: { 'high>high': 2, 'medium>medium': 2 } },
    },
    {
      from: 4,
      to: 'now',
      moved: 'the base: row 1 12 → 70 (+58), row 2 41 → 20 (−21), row 5 60 → 65 (+5)',
      answer: { changed: 3, meanDelta: 14, transitions: { 'low>high': 1, 'medium>low': 1, 'medium>medium': 1 } },
    },
  ];

  it('keeps pair summaries against the earlier runs at each finish', async () => {
    expect(await keptPairs(side(4) as number)).toEqual([side(1), side(2)]);
  });

  it.each(cases)('run $from → $to: $moved', async ({ from, to, answer }) => {
    expect(await diff(from, to)).toEqual(answer);
    // Two runs joined row by row count the same rows changed.
    if (to !== 'now') {
      const joined = await diffCounts(db, { run: side(from) as number }, { run: side(to) as number });
      expect(joined.filter((c) => c.changed).reduce((n, c) => n + c.count, 0)).toBe(answer.changed);
    }
  });

  // Runs finished before migration 1650 kept no pairs: the summaries are composed from the steps.
  describe('composed from the steps instead', () => {
    beforeAll(async () => {
      await db
        .deleteFrom('portfolio_run_pair_diffs')
        .where('run_id', 'in', [side(3) as number, side(4) as number])
        .execute();
    });
    it.each(cases)('run $from → $to: the same answer', async ({ from, to, answer }) => {
      expect(await diff(from, to)).toEqual(answer);
    });
  });
});

/** The value `make` resolves to in beforeAll, read by the tests after it. */
function beforeAllAsync<T>(make: () => Promise<T>): () => T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await make();
  }, 60_000);
  return () => {
    if (value === undefined) throw new Error('read before beforeAll ran');
    return value;
  };
}
