import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { analyseRun } from '../../src/jobs/portfolio-analysis-jobs.js';
import { createMember, usePortfolioTestApp, waitFor } from './app.js';
import { portfolioSteps, type Headers } from './steps.js';

/**
 * Issue 43 item 4: the analysis (the worker at run end, or a request that finds it missing) racing
 * a delete or a rerun of its portfolio. Each race is staged with the exposure build's advisory lock
 * (43, portfolio) held by the test, so the build waits at its start while the other side goes ahead.
 */
const { app, db, url } = await usePortfolioTestApp({ chunkSize: 4 });
const steps = portfolioSteps(app);
const EXPOSURE_LOCK = 43;

const FILE =
  'id,lat,lon,tiv\n' +
  Array.from({ length: 9 }, (_, i) => `R${i},${(30 + i / 10_000).toFixed(4)},-97,100`).join('\n') +
  '\n';

async function analysedPortfolio(headers: Headers): Promise<{ id: number; runId: number }> {
  const id = await steps.createPortfolio(headers, FILE);
  await steps.waitForStatus(headers, id, 'zfire', 'READY');
  const run = await db
    .selectFrom('portfolio_runs')
    .select('id')
    .where('portfolio_id', '=', id)
    .executeTakeFirstOrThrow();
  // The worker's analysis done, then undone, so the next reader must build it (as a run completed
  // before the job existed, or a request arriving before the worker).
  await waitFor(
    async () =>
      (await db.selectFrom('portfolio_exposure_builds').select('portfolio_id').where('portfolio_id', '=', id).execute())
        .length > 0,
    30_000,
    'the worker’s analysis',
  );
  await waitFor(
    async () =>
      Object.keys(
        (
          await sql<{
            rings: object;
          }>`SELECT rings FROM portfolio_accumulation_builds WHERE run_id = ${run.id}`.execute(db)
        ).rows[0]?.rings ?? {},
      ).length === 2,
    30_000,
    'the worker’s rings',
  );
  await db.deleteFrom('portfolio_exposure_builds').where('portfolio_id', '=', id).execute();
  await db.deleteFrom('portfolio_accumulation_builds').where('run_id', '=', run.id).execute();
  await db.deleteFrom('portfolio_accumulations').where('run_id', '=', run.id).execute();
  return { id, runId: run.id };
}

/** Holds the exposure lock of a portfolio until `release` is called. */
async function holdExposureLock(portfolioId: number) {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query('SELECT pg_advisory_xact_lock($1, $2)', [EXPOSURE_LOCK, portfolioId]);
  return async () => {
    await holder.query('COMMIT');
    await holder.end();
  };
}

/** Until a session waits for the portfolio's exposure lock (the build has started and is blocked). */
async function buildWaiting(portfolioId: number) {
  await waitFor(
    async () => {
      const { rows } = await sql<{ waiting: boolean }>`SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory'
        AND NOT granted AND classid = ${EXPOSURE_LOCK}::oid AND objid = ${portfolioId}::oid AND objsubid = 2) AS waiting`.execute(
        db,
      );
      return rows[0]!.waiting || null;
    },
    15_000,
    'the build waiting for the exposure lock',
  );
}

const deletePortfolio = (headers: Headers, id: number) =>
  app.inject({ method: 'DELETE', url: `/api/caribou/portfolio/${id}/product/zfire`, headers });

async function partitionLeft(id: number) {
  const { rows } = await sql<{
    table: string | null;
  }>`SELECT to_regclass(${`portfolio_exposure_${id}`})::text AS table`.execute(db);
  return rows[0]!.table;
}

describe('the analysis racing a delete or a rerun', () => {
  it('a dashboard request building the analysis while the portfolio is deleted answers 404, not 500', async () => {
    const { headers } = await createMember(app, db);
    const { id } = await analysedPortfolio(headers);
    const release = await holdExposureLock(id);
    const board = app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/dashboard`, headers });
    try {
      await buildWaiting(id);
      const deleted = await deletePortfolio(headers, id);
      expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    } finally {
      await release();
    }
    const res = await board;
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error.message).toBe('This portfolio was not found.');
    expect(await partitionLeft(id)).toBeNull();
  });

  it('the worker gives up quietly when the portfolio is deleted while it builds, or before it starts', async () => {
    const { headers } = await createMember(app, db);
    const { id, runId } = await analysedPortfolio(headers);
    const release = await holdExposureLock(id);
    const analysing = analyseRun(db, runId);
    try {
      await buildWaiting(id);
      expect((await deletePortfolio(headers, id)).statusCode).toBeLessThan(300);
    } finally {
      await release();
    }
    await expect(analysing).resolves.toBe('gone');
    expect(await partitionLeft(id)).toBeNull();
    // Queued again (a retry) after the delete: nothing to do, no error.
    await expect(analyseRun(db, runId)).resolves.toBe('gone');
  });

  it('a rerun while the worker builds the previous run’s exposure goes ahead; both runs end analysed', async () => {
    const { headers } = await createMember(app, db);
    const { id, runId } = await analysedPortfolio(headers);
    const release = await holdExposureLock(id);
    const analysing = analyseRun(db, runId);
    let rerun;
    try {
      await buildWaiting(id);
      rerun = await app.inject({
        method: 'PUT',
        url: `/api/caribou/portfolio/${id}/product/zfire/rerun_portfolio`,
        headers,
      });
    } finally {
      await release();
    }
    expect(rerun.statusCode, rerun.body).toBe(202);
    await expect(analysing).resolves.toBe('built');
    await steps.waitForStatus(headers, id, 'zfire', 'READY');
    const board = await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/dashboard`, headers });
    expect(board.statusCode, board.body).toBe(200);
    const newRun = board.json().products[0].runId;
    expect(newRun).not.toBe(runId);
    expect(board.json()).toMatchObject({ totalCount: 9, totalValue: 900 });
    const rings = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${id}/accumulation/rings?product=zfire&radius=1000`,
      headers,
    });
    expect(rings.statusCode, rings.body).toBe(200);
    expect(rings.json().rings[0]).toMatchObject({ count: 9, value: 900 });
  });
});
