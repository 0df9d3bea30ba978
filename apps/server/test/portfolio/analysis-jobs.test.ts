import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createMember, usePortfolioTestApp, waitFor } from './app.js';
import { portfolioSteps, type Headers } from './steps.js';

const { app, db } = await usePortfolioTestApp({ chunkSize: 4 });
const { createPortfolio, waitForStatus } = portfolioSteps(app);

const FILE = 'id,lat,lon,tiv\nA-1,30.26,-97.74,100\nA-2,30.27,-97.75,200\nA-3,30.28,-97.76,300\n';

interface ListedJob {
  type: string;
  id: number;
  state: string;
  portfolioId: number;
  product: string;
  progress: { committed: number; total: number };
  completedAt: string | null;
}

async function analysisJob(headers: Headers, runId: number): Promise<ListedJob | undefined> {
  const res = await app.inject({ method: 'GET', url: '/api/caribou/jobs?itemsPerPage=100', headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().jobs as ListedJob[]).find((j) => j.type === 'portfolio-analysis' && j.id === runId);
}

/** Issue 43: the analysis the worker builds at run end is a job staff see, with its state. */
describe('the analysis as a job', () => {
  it('is listed per product’s current run: complete once built, running while a build holds its lock, else queued', async () => {
    const { headers } = await createMember(app, db);
    const admin = await createMember(app, db, { internalAdmin: true });
    const id = await createPortfolio(headers, FILE);
    await waitForStatus(headers, id, 'zfire', 'READY');
    const run = await db
      .selectFrom('portfolio_runs')
      .select('id')
      .where('portfolio_id', '=', id)
      .executeTakeFirstOrThrow();

    const done = await waitFor(
      async () => {
        const job = await analysisJob(admin.headers, run.id);
        return job?.state === 'complete' ? job : null;
      },
      60_000,
      'the analysis built by the worker',
    );
    expect(done).toMatchObject({ portfolioId: id, product: 'zfire', progress: { committed: 3, total: 3 } });
    expect(done.completedAt).not.toBeNull();
    const completeList = await app.inject({
      method: 'GET',
      url: '/api/caribou/jobs?filter=complete&itemsPerPage=100',
      headers: admin.headers,
    });
    expect(completeList.json().jobs.map((j: ListedJob) => `${j.type} ${j.id}`)).toContain(
      `portfolio-analysis ${run.id}`,
    );

    // The run's aggregates dropped (as a rebuilt exposure drops them): nothing holds them, so it is queued.
    // First every product's analysis of this portfolio is done, and the worker lets go of the
    // exposure's and the aggregates' locks (43 per portfolio, 44 per run: db/jobs.ts): another
    // product's analysis holding the portfolio's exposure lock makes this one truly read running.
    await waitFor(
      async () => {
        const res = await app.inject({
          method: 'GET',
          url: '/api/caribou/jobs?itemsPerPage=100',
          headers: admin.headers,
        });
        const analyses = (res.json().jobs as ListedJob[]).filter(
          (j) => j.type === 'portfolio-analysis' && j.portfolioId === id,
        );
        return analyses.length && analyses.every((j) => j.state === 'complete') ? true : null;
      },
      60_000,
      "every product's analysis of the portfolio",
    );
    await waitFor(
      async () => {
        const { rows } = await sql<{ held: number }>`SELECT count(*)::int AS held FROM pg_locks
          WHERE locktype = 'advisory' AND objsubid = 2
            AND ((classid = 43 AND objid = ${id}::oid) OR (classid = 44 AND objid = ${run.id}::oid))`.execute(db);
        return rows[0]!.held === 0 ? true : null;
      },
      30_000,
      'the analysis locks let go',
    );
    await db.deleteFrom('portfolio_accumulation_builds').where('run_id', '=', run.id).execute();
    await db.deleteFrom('portfolio_accumulations').where('run_id', '=', run.id).execute();
    expect(await analysisJob(admin.headers, run.id)).toMatchObject({
      state: 'queued',
      progress: { committed: 1, total: 3 },
      completedAt: null,
    });
    // While a worker builds them (the aggregates' advisory lock held), it is running.
    await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(44, ${run.id})`.execute(trx);
      expect((await analysisJob(admin.headers, run.id))?.state).toBe('running');
    });
    const counts = await app.inject({ method: 'GET', url: '/api/caribou/jobs/metadata', headers: admin.headers });
    expect(counts.json().counts.queued).toBeGreaterThanOrEqual(1);

    // Its dashboard builds what it lacks, and the job reads complete again.
    const dashboard = await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/dashboard`, headers });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${id}/accumulation/rings?product=zfire&radius=250`,
      headers,
    });
    await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${id}/accumulation/rings?product=zfire&radius=1000`,
      headers,
    });
    expect((await analysisJob(admin.headers, run.id))?.state).toBe('complete');
  });

  it('cannot be suspended or resumed (409 with the reason); an unknown run is 404; members are refused', async () => {
    const { headers } = await createMember(app, db);
    const admin = await createMember(app, db, { internalAdmin: true });
    const id = await createPortfolio(headers, FILE);
    await waitForStatus(headers, id, 'zfire', 'READY');
    const run = await db
      .selectFrom('portfolio_runs')
      .select('id')
      .where('portfolio_id', '=', id)
      .executeTakeFirstOrThrow();
    for (const action of ['suspend', 'resume']) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/caribou/jobs/${run.id}/${action}?type=portfolio-analysis`,
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(
        'The analysis of a run cannot be suspended or resumed: it is built once when the run finishes, and the dashboard would build it anyway.',
      );
    }
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/caribou/jobs/999999/suspend?type=portfolio-analysis',
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const member = await app.inject({ method: 'GET', url: '/api/caribou/jobs', headers });
    expect(member.statusCode).toBe(403);
    const bogus = await app.inject({
      method: 'POST',
      url: `/api/caribou/jobs/${run.id}/suspend?type=portfolio-report`,
      headers: admin.headers,
    });
    expect(bogus.statusCode).toBe(400);
  });
});
