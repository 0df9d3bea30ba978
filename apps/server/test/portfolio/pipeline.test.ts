import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { handleIngest } from '../../src/jobs/portfolio-jobs.js';
import { processChunk } from '../../src/domain/portfolio/pipeline/runs.js';
import { runSummary } from '../../src/db/portfolio-queries.js';
import { createMember, multipart, usePortfolioTestApp, waitFor } from './app.js';
import { fakeGeocoder, fakeScorer } from './fakes.js';

// No in-process worker: these tests drive chunks by hand or through child worker processes.
const { app, db, url, dataDir, services } = await usePortfolioTestApp({ chunkSize: 20, worker: false });
const pool = new pg.Pool({ connectionString: url, max: 2 });
afterAll(() => pool.end());

function csvOf(rows: number) {
  const lines = ['id,latitude,longitude,note'];
  for (let i = 1; i <= rows; i += 1)
    lines.push(`R${i},${(30 + i / 1000).toFixed(4)},${(-97 - i / 1000).toFixed(4)},"n, ${i}"`);
  lines.push('BAD,,,no location');
  return `${lines.join('\n')}\n`;
}

async function createPortfolio(rows: number) {
  const { headers, org } = await createMember(app, db);
  const body = multipart('p.csv', csvOf(rows));
  const up = await app.inject({
    method: 'POST',
    url: '/api/caribou/portfolio/csv',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/caribou/portfolios',
    headers,
    payload: { name: `P ${Math.random()}`, products: 'zfire', uploadedFileName: up.json().uploadedFileName },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json()[0].portfolioId as number, headers, org };
}

/**
 * Reads the portfolio's file in this process, which starts its run (its queued chunk jobs have no
 * worker in these tests); the dependencies its chunks are then processed with.
 */
async function ingestHere(portfolioId: number) {
  const deps = { db, scorer: fakeScorer(), geocoder: fakeGeocoder() };
  await handleIngest(
    { ...deps, blobs: services.blobs, queue: services.queue, chunkSize: 20, connect: () => pool.connect() },
    portfolioId,
  );
  return deps;
}

function startChild(delayMs: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'worker-child.ts')], {
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, CHUNK_SIZE: '20', DELAY_MS: String(delayMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (data: Buffer) => {
      if (data.toString().includes('worker ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`worker exited early with ${code}`)));
  });
}

async function counts(portfolioId: number) {
  const run = await db
    .selectFrom('portfolio_products')
    .select('current_run_id')
    .where('portfolio_id', '=', portfolioId)
    .executeTakeFirstOrThrow();
  const runId = run.current_run_id ?? -1;
  const [results, distinctResults, usage, chunks] = await Promise.all([
    db
      .selectFrom('portfolio_results')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('run_id', '=', runId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('portfolio_results')
      .select((eb) => eb.fn.count<number>('row_number').distinct().as('n'))
      .where('run_id', '=', runId)
      .executeTakeFirstOrThrow(),
    // Usage records are per chunk with a quantity (its scored rows): the rows counted are their sum.
    db
      .selectFrom('usage_events')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('n'))
      .where('run_id', '=', runId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('portfolio_run_chunks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('run_id', '=', runId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    runId,
    results: Number(results.n),
    distinctResults: Number(distinctResults.n),
    usage: Number(usage.n),
    chunks: Number(chunks.n),
  };
}

/** Whether a run's results table exists, is attached to portfolio_results, and how many indexes it has. */
async function partitionState(runId: number) {
  const { rows } = await pool.query(
    `SELECT c.relispartition AS attached, (SELECT count(*)::int FROM pg_index i WHERE i.indrelid = c.oid) AS indexes FROM pg_class c WHERE c.oid = to_regclass($1)`,
    [`portfolio_results_${runId}`],
  );
  return rows[0] ?? null;
}

describe('portfolio pipeline', () => {
  it('commits a chunk once and counts usage once when its job runs twice, even concurrently', async () => {
    const { id } = await createPortfolio(45);
    const deps = await ingestHere(id);
    const { runId } = await counts(id);
    expect(runId).toBeGreaterThan(0);
    // Chunk 0 twice at the same time, then again; chunks 1 and 2 twice each.
    const first = await Promise.all([processChunk(deps, runId, 0), processChunk(deps, runId, 0)]);
    expect(first.sort()).toEqual(['already-committed', 'committed']);
    expect(await processChunk(deps, runId, 0)).toBe('already-committed');
    for (const chunk of [1, 2, 1, 2]) await processChunk(deps, runId, chunk);
    expect(await counts(id)).toMatchObject({ results: 46, distinctResults: 46, usage: 45, chunks: 3 });
    const product = await db
      .selectFrom('portfolio_products')
      .select('status')
      .where('portfolio_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(product.status).toBe('READY');
    // The run's own results table is now its indexed partition, and the summary the chunks added
    // up is what its results say.
    expect(await partitionState(runId)).toEqual({ attached: true, indexes: 1 });
    const { rows: levels } = await pool.query(
      `SELECT count(*) FILTER (WHERE problem IS NULL AND risk_level = 'low')::int AS low, count(*) FILTER (WHERE problem IS NULL AND risk_level = 'medium')::int AS medium,
              count(*) FILTER (WHERE problem IS NULL AND risk_level = 'high')::int AS high, count(*) FILTER (WHERE problem IS NULL AND risk_level = 'none')::int AS none,
              count(*) FILTER (WHERE problem IS NOT NULL)::int AS errors FROM portfolio_results WHERE run_id = $1`,
      [runId],
    );
    const { riskLevels, errorCount } = await runSummary(db, runId);
    expect({ ...riskLevels, errors: errorCount }).toEqual(levels[0]);
    expect(errorCount).toBe(1);
  });

  it('commits the chunks of one run side by side, and a run suspended after its last commit finishes when resumed', async () => {
    const { id } = await createPortfolio(119);
    const deps = await ingestHere(id);
    const { runId } = await counts(id);
    // Six chunks at once: each commit holds only a share lock on the run, so none waits for (or
    // deadlocks with) another; the last to land finishes the run.
    expect(await Promise.all([0, 1, 2, 3, 4, 5].map((chunk) => processChunk(deps, runId, chunk)))).toEqual(
      Array(6).fill('committed'),
    );
    expect(await counts(id)).toMatchObject({ results: 120, distinctResults: 120, usage: 119, chunks: 6 });
    // As if suspended between the last commit and the finish: resuming finishes it.
    await db
      .updateTable('portfolio_runs')
      .set({ completed_at: null, suspended_at: new Date() })
      .where('id', '=', runId)
      .execute();
    await db.updateTable('portfolio_products').set({ status: 'IN_PROGRESS' }).where('portfolio_id', '=', id).execute();
    const admin = await createMember(app, db, { internalAdmin: true });
    const resumed = await app.inject({
      method: 'POST',
      url: `/api/caribou/jobs/${runId}/resume`,
      headers: admin.headers,
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    const product = await db
      .selectFrom('portfolio_products')
      .select('status')
      .where('portfolio_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(product.status).toBe('READY');
    expect(await partitionState(runId)).toEqual({ attached: true, indexes: 1 });
  });

  it("counts each row's geocoding once when two products' runs geocode the same chunk at once", async () => {
    const { headers } = await createMember(app, db);
    const lines = [
      'id,address,city,state,zip',
      ...Array.from({ length: 30 }, (_, i) => `A${i},${i + 1} Main St,Wichita,KS,67203`),
      'N,1 Nowhere Rd,Nowhere,ZZ,00000',
      'BAD,,,,',
    ];
    const body = multipart('a.csv', `${lines.join('\n')}\n`);
    const up = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolio/csv',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolios',
      headers,
      payload: { name: `A ${Math.random()}`, products: 'zfire,zhail', uploadedFileName: up.json().uploadedFileName },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json()[0].portfolioId as number;
    const deps = await ingestHere(id);
    const before = await db
      .selectFrom('portfolios')
      .select('geocode_counts')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(before.geocode_counts).toEqual({ pending: 31, unusable: 1 });
    const runs = await db.selectFrom('portfolio_runs').select('id').where('portfolio_id', '=', id).execute();
    expect(runs).toHaveLength(2);
    await Promise.all(runs.flatMap((run) => [0, 1].map((chunk) => processChunk(deps, run.id, chunk))));
    const after = await db
      .selectFrom('portfolios')
      .select('geocode_counts')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const { rows } = await pool.query(
      `SELECT coalesce(geo_precision, CASE WHEN problem IS NOT NULL THEN 'unusable' ELSE 'pending' END) AS key, count(*)::int AS n FROM portfolio_rows WHERE portfolio_id = $1 GROUP BY 1`,
      [id],
    );
    expect(after.geocode_counts).toEqual(Object.fromEntries(rows.map((r) => [r.key, r.n])));
    expect(after.geocode_counts.pending).toBeUndefined();
  });

  it('drops the results table of a run that is deleted before it finishes', async () => {
    const { id, headers } = await createPortfolio(45);
    const deps = await ingestHere(id);
    const { runId } = await counts(id);
    await processChunk(deps, runId, 0);
    expect(await partitionState(runId)).toEqual({ attached: false, indexes: 0 });
    const res = await app.inject({ method: 'DELETE', url: `/api/caribou/portfolio/${id}/product/zfire`, headers });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await partitionState(runId)).toBeNull();
  });

  it('attaches a finished run whose results table was made without its bound check (a run started before it was)', async () => {
    const { id } = await createPortfolio(45);
    const deps = await ingestHere(id);
    const { runId } = await counts(id);
    await pool.query(`ALTER TABLE portfolio_results_${runId} DROP CONSTRAINT portfolio_results_${runId}_run_id_check`);
    for (const chunk of [0, 1, 2]) expect(await processChunk(deps, runId, chunk)).toBe('committed');
    expect(await partitionState(runId)).toEqual({ attached: true, indexes: 1 });
    expect(await counts(id)).toMatchObject({ results: 46, chunks: 3 });
    // The check is made at the finish instead (it proves the bound: the attach reads no row for it).
    const { rows } = await pool.query(
      `SELECT conname FROM pg_constraint WHERE conrelid = to_regclass($1) AND contype = 'c'`,
      [`portfolio_results_${runId}`],
    );
    expect(rows.map((r) => r.conname)).toContain(`portfolio_results_${runId}_run_id_check`);
  });

  it('suspends and resumes a run through the jobs routes', async () => {
    const { id } = await createPortfolio(30);
    const deps = await ingestHere(id);
    const { runId } = await counts(id);
    const admin = await createMember(app, db, { internalAdmin: true });
    const suspend = await app.inject({
      method: 'POST',
      url: `/api/caribou/jobs/${runId}/suspend`,
      headers: admin.headers,
    });
    expect(suspend.json()).toEqual({ id: runId, state: 'suspended' });
    const listed = await app.inject({
      method: 'GET',
      url: '/api/caribou/jobs?filter=suspended',
      headers: admin.headers,
    });
    expect(listed.json().jobs.map((j: { id: number }) => j.id)).toContain(runId);
    expect(await processChunk(deps, runId, 0)).toBe('suspended');
    const resume = await app.inject({
      method: 'POST',
      url: `/api/caribou/jobs/${runId}/resume`,
      headers: admin.headers,
    });
    expect(resume.json()).toEqual({ id: runId, state: 'queued' });
    expect(await processChunk(deps, runId, 0)).toBe('committed');
    expect(await processChunk(deps, runId, 1)).toBe('committed');
    expect(
      (
        await db
          .selectFrom('portfolio_products')
          .select('status')
          .where('portfolio_id', '=', id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('READY');
    expect(
      (await app.inject({ method: 'POST', url: '/api/caribou/jobs/999999/suspend', headers: admin.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('finishes a run whose worker was killed with SIGKILL: one result per row, usage counted once', async () => {
    const { id, headers } = await createPortfolio(200); // 201 rows → 11 chunks of 20
    let child = await startChild(400);
    await waitFor(async () => (await counts(id)).chunks >= 2, 60_000, 'two committed chunks');
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const atKill = await counts(id);
    expect(atKill.chunks).toBeLessThan(11);
    child = await startChild(0);
    try {
      // The killed worker's chunk jobs expire (40 s) and are handed to the new worker.
      await waitFor(
        async () => {
          const meta = await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/metadata`, headers });
          return meta.json().products[0].status === 'READY';
        },
        100_000,
        'READY after restart',
      );
    } finally {
      child.kill('SIGKILL');
    }
    expect(await counts(id)).toMatchObject({ results: 201, distinctResults: 201, usage: 200, chunks: 11 });
  }, 150_000);
});
