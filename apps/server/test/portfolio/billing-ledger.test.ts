import { PORTFOLIO_FEATURE, PORTFOLIO_PRODUCTS } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { annualUsage, batchWork, quarterlyUsage } from '../../src/db/billing.js';
import { processChunk } from '../../src/domain/portfolio/pipeline/runs.js';
import { handleIngest } from '../../src/jobs/portfolio-jobs.js';
import { createMember, multipart, usePortfolioTestApp, useRawPool } from './app.js';
import { fakeGeocoder, fakeScorer } from './fakes.js';

// No in-process worker: chunks are driven by hand, retried, and rerun.
const { app, db, url, services } = await usePortfolioTestApp({ chunkSize: 20, worker: false });
const pool = useRawPool(url);

const today = () => new Date().toISOString().slice(0, 10);

describe('billing ledger under portfolio chunks', () => {
  it('bills a retried chunk once, and a rerun only when the agreement bills reruns', async () => {
    const { headers, org } = await createMember(app, db, {
      products: [...PORTFOLIO_PRODUCTS.map((p) => PORTFOLIO_FEATURE[p]), 'self_serve_billing'],
    });
    await db
      .insertInto('agreements')
      .values({ organization_id: org.id, product: 'zfire', contract_start: '2020-01-01', committed_annual_volume: 40 })
      .execute();
    const lines = [
      'id,latitude,longitude',
      ...Array.from({ length: 45 }, (_, i) => `R${i},${(30 + i / 1000).toFixed(4)},${(-97 - i / 1000).toFixed(4)}`),
    ];
    const body = multipart('p.csv', `${lines.join('\n')}\n`);
    const up = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolio/csv',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    const created = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolios',
      headers,
      payload: { name: 'Spring renewals', products: 'zfire', uploadedFileName: up.json().uploadedFileName },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()[0].portfolioId as number;
    const deps = { db, scorer: fakeScorer(), geocoder: fakeGeocoder() };
    await handleIngest(
      { ...deps, blobs: services.blobs, queue: services.queue, chunkSize: 20, connect: () => pool.connect() },
      id,
    );
    const runOf = async () =>
      (
        await db
          .selectFrom('portfolio_products')
          .select('current_run_id')
          .where('portfolio_id', '=', id)
          .executeTakeFirstOrThrow()
      ).current_run_id!;
    const first = await runOf();
    // Chunk 0 at the same time twice, then every chunk again: a retried chunk job.
    await Promise.all([processChunk(deps, first, 0), processChunk(deps, first, 0)]);
    for (const chunk of [1, 2, 0, 1, 2]) await processChunk(deps, first, chunk);

    const billed = async () => (await annualUsage(db, org.id, today())).reduce((sum, row) => sum + row.usage, 0);
    expect(await billed()).toBe(45);
    const quarter = (await quarterlyUsage(db, org.id, today()))[0]!;
    expect(quarter).toMatchObject({ portfolio: 45, zview: 0, api_total: 0 });
    expect(await batchWork(db, org.id)).toEqual([
      expect.objectContaining({ batch_name: 'Spring renewals', no_of_addresses: 45, product: 'zfire' }),
    ]);

    // A rerun scores (and records) every row again; the default agreement does not bill it.
    const rerun = await app.inject({
      method: 'PUT',
      url: `/api/caribou/portfolio/${id}/product/zfire/rerun_portfolio`,
      headers,
    });
    expect(rerun.statusCode, rerun.body).toBe(202);
    const second = await runOf();
    expect(second).not.toBe(first);
    for (const chunk of [0, 1, 2, 2]) await processChunk(deps, second, chunk);
    const recorded = await db
      .selectFrom('usage_events')
      .select((eb) => eb.fn.sum<number>('quantity').as('n'))
      .where('organization_id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(Number(recorded.n)).toBe(90);
    expect(await billed()).toBe(45);
    expect(await batchWork(db, org.id)).toHaveLength(1);

    // An agreement that bills reruns counts them (and lists the rerun as a submission).
    await db.updateTable('agreements').set({ bill_reruns: true }).where('organization_id', '=', org.id).execute();
    expect(await billed()).toBe(90);
    const annual = (await annualUsage(db, org.id, today())).find((row) => row.usage > 0)!;
    expect(annual).toMatchObject({ usage: 90, agreement: 40 });
    expect(await batchWork(db, org.id)).toHaveLength(2);
  });
});
