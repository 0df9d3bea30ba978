import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildAccumulations } from '../../src/db/portfolio-exposure.js';
import { createMember, usePortfolioTestApp } from '../portfolio/app.js';
import { handBookSteps, type Scores } from './hand-book.js';

// A monitored book over time (issue 43) on eight rows whose scores and values are written by hand:
// row k is worth k × 100, row 8 is not located (not in the exposure, so in no figure).
const { app, db } = await usePortfolioTestApp({ worker: false });

const steps = handBookSteps(app, db);

/** A run with these scores, its aggregates built as the worker builds them. */
async function run(portfolioId: number, userId: string, scores: Scores, previous: number | null) {
  const runId = await steps.run(portfolioId, userId, scores, previous);
  await buildAccumulations(db, portfolioId, runId);
  return runId;
}

/** The hand book, rows 1–7 located with a value (row k worth k × 100), row 8 not located. */
async function handBook() {
  const book = await steps.handBook();
  const id = book.portfolioId;
  await sql`CREATE TABLE ${sql.table(`portfolio_exposure_${id}`)} PARTITION OF portfolio_exposure FOR VALUES IN (${sql.lit(id)})`.execute(
    db,
  );
  await sql`INSERT INTO portfolio_exposure (portfolio_id, row_number, latitude, longitude, value, state, county, zip,
      h3_5, h3_7, h3_9, g250_y, g250_x, g1000_y, g1000_x)
    SELECT ${id}, k, 40, -100, k * 100, CASE WHEN k < 4 THEN 'CO' ELSE 'KS' END, 'C', '80000', 'a', 'b', 'c', 0, 0, 0, 0
    FROM generate_series(1, 7) k`.execute(db);
  await db
    .insertInto('portfolio_exposure_builds')
    .values({ portfolio_id: id, run_id: 0, row_count: 7, has_value: true })
    .execute();
  return book;
}

const figures = (low: [number, number], medium: [number, number], high: [number, number]) => ({
  low: { count: low[0], value: low[1] },
  medium: { count: medium[0], value: medium[1] },
  high: { count: high[0], value: high[1] },
  none: { count: 0, value: 0 },
});

describe('a monitored book over time', () => {
  it('answers rows and value by level at each run and now, as a hand count says; 404 for another organisation', async () => {
    const { portfolioId, userId, headers } = await handBook();
    const overTime = (as = headers, product = 'zfire') =>
      app.inject({
        method: 'GET',
        url: `/api/caribou/portfolio/${portfolioId}/dashboard/over-time?product=${product}`,
        headers: as,
      });
    const run1 = await run(portfolioId, userId, { 1: 10, 2: 20, 3: 30, 4: 50, 5: 60, 6: 80, 7: 90, 8: 15 }, null);
    // Not monitored yet: no points.
    const before = await overTime();
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ product: 'zfire', monitored: false, hasValue: false, points: [] });

    // Run 2 moves row 1 (low → medium) and row 4 (medium → high); the book is monitored from it.
    const run2 = await run(portfolioId, userId, { 1: 45, 2: 20, 3: 30, 4: 75, 5: 60, 6: 80, 7: 90, 8: 15 }, run1);
    const monitored = await steps.monitor(portfolioId, headers);
    expect(monitored.statusCode, monitored.body).toBe(200);
    // Row 5 medium → high, row 2 low → medium then again medium (two changes, one move), row 8 unlocated.
    await steps.change({ 5: 70 });
    await steps.change({ 2: 45 });
    await steps.change({ 2: 50, 8: 90 });

    const answer = await overTime();
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ product: 'zfire', monitored: true, hasValue: true });
    expect(body.points.map((p: { runId: number | null }) => p.runId)).toEqual([run1, run2, null]);
    // Run 1: low 1, 2, 3; medium 4, 5; high 6, 7 (row k worth k × 100).
    expect(body.points[0].levels).toEqual(figures([3, 600], [2, 900], [2, 1300]));
    // Run 2: low 2, 3; medium 1, 5; high 4, 6, 7.
    expect(body.points[1].levels).toEqual(figures([2, 500], [2, 600], [3, 1700]));
    // Now: low 3; medium 1, 2; high 4, 5, 6, 7.
    expect(body.points[2].levels).toEqual(figures([1, 300], [2, 300], [4, 2200]));

    // "Now" looks up moved rows' values by row number (migration 1760), never reading the exposure whole.
    const { rows: indexed } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_indexes
      WHERE tablename = ${`portfolio_exposure_${portfolioId}`} AND indexdef LIKE '%(portfolio_id, row_number)%'`.execute(
      db,
    );
    expect(indexed[0]?.n).toBe(1);

    const stranger = await createMember(app, db);
    expect((await overTime(stranger.headers)).statusCode).toBe(404);
    expect((await overTime(headers, 'zhail')).statusCode).toBe(404);
    expect((await overTime(headers, '')).statusCode).toBe(400);
  });
});
