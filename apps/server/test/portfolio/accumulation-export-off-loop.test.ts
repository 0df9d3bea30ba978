import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { offLoopRendersDone } from '../../src/domain/off-loop/pool.js';
import { leastThreadCpuMs } from '../thread-cpu.js';
import { createMember, usePortfolioTestApp } from './app.js';
import { portfolioSteps } from './steps.js';

/**
 * Issue 43: the accumulation exports (every area of a grouping, the top rings) are rendered on a
 * render thread (domain/off-loop) like the portfolio exports, not on the API's event loop: a book's
 * 385,000 H3 cells at resolution 9 as XLSX held the loop for seconds. Refusals (another
 * organisation's portfolio, a product not scored, a bad grouping) still answer before any byte.
 */
// The render threads at normal priority: on a machine shared with other work, niced ones starve.
process.env.OFF_LOOP_NICENESS = '0';
const { app, db } = await usePortfolioTestApp({ chunkSize: 4 });
const { upload, waitForStatus } = portfolioSteps(app);

const BOOK = ['Policy No,Latitude,Longitude,TIV', 'A,30.2672,-97.7431,100', 'B,34.0522,-118.2437,1000'].join('\n');
/** Synthetic areas added to the run's H3 9 grouping, so that the file takes real work to render. */
const AREAS = 40_000;

const { headers } = await createMember(app, db);
const up = (await upload(headers, 'book.csv', BOOK)).json();
const created = await app.inject({
  method: 'POST',
  url: '/api/caribou/portfolios',
  headers,
  payload: { name: 'Export book', products: 'zfire', uploadedFileName: up.uploadedFileName },
});
const id: number = created.json()[0].portfolioId;
await waitForStatus(headers, id, 'zfire', 'READY');
const get = (url: string, h = headers) =>
  app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}${url}`, headers: h });
// The analysis is built (the first read builds it if the worker has not yet), then grown in place.
expect((await get('/accumulation?product=zfire&by=h3_9')).statusCode).toBe(200);
const { runId } = await db
  .selectFrom('portfolio_products')
  .select('current_run_id as runId')
  .where('portfolio_id', '=', id)
  .where('product', '=', 'zfire')
  .executeTakeFirstOrThrow();
await sql`INSERT INTO portfolio_accumulations (run_id, grouping, key, risk_level, count, value)
          SELECT ${runId}, 'h3_9', 'cell-' || g, level, 1, g / 10.0
          FROM generate_series(1, ${AREAS}) g, (VALUES ('all'), ('high')) l(level)`.execute(db);

const areasXlsx = () => get('/accumulation?product=zfire&by=h3_9&format=xlsx');

describe('accumulation exports off the event loop', () => {
  it('renders every area of a grouping as XLSX on a render thread', async () => {
    const before = offLoopRendersDone();
    const res = await areasXlsx();
    expect(res.statusCode, res.body).toBe(200);
    // The render thread's task ends just after its last chunk is sent.
    await expect.poll(offLoopRendersDone).toBe(before + 1);
    expect(res.headers['content-disposition']).toContain(`portfolio-${id}-zfire-accumulation-by-h3_9.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const row = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    // The header, the synthetic cells and the book's two real ones, most value first.
    expect(sheet.rowCount).toBe(1 + AREAS + 2);
    expect(row(1).slice(0, 3)).toEqual(['h3_cell_res9', 'rows', 'value']);
    expect(row(2).slice(0, 3)).toEqual([`cell-${AREAS}`, 1, AREAS / 10]);
    expect(row(2)[7]).toBe(1); // high_rows
  }, 120_000);

  it('leaves this thread a fraction of the CPU that rendering the file here costs it', async () => {
    const cpu = () => leastThreadCpuMs(async () => expect((await areasXlsx()).statusCode).toBe(200));
    const offLoop = await cpu();
    process.env.OFF_LOOP_THREADS = '0';
    const here = await cpu().finally(() => delete process.env.OFF_LOOP_THREADS);
    console.log(
      `this thread's CPU for one ${AREAS}-area XLSX file (least of 3): ${offLoop} ms off the loop, ${here} ms here`,
    );
    expect(offLoop).toBeLessThan(here * 0.75);
  }, 180_000);

  it('renders the rings as CSV on a render thread', async () => {
    const before = offLoopRendersDone();
    const res = await get('/accumulation/rings?product=zfire&radius=1000&limit=5&format=csv');
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(offLoopRendersDone).toBe(before + 1);
    const table = parse(res.body.replace(/^\uFEFF/, '')) as string[][];
    expect(table[0]).toEqual(['rank', 'latitude', 'longitude', 'radius_m', 'rows', 'value', 'high_rows']);
    expect(table.slice(1).map((r) => [r[0], r[3], r[4], r[5]])).toEqual([
      ['1', '1000', '1', '1000'],
      ['2', '1000', '1', '100'],
    ]);
  });

  it('refuses before the first byte, without a render', async () => {
    const before = offLoopRendersDone();
    const other = await createMember(app, db);
    const foreign = await get('/accumulation?product=zfire&by=state&format=xlsx', other.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toContain('application/json');
    expect((await get('/accumulation/rings?product=zfire&format=csv', other.headers)).statusCode).toBe(404);
    const unscored = await get('/accumulation?product=zhail&by=state&format=csv');
    expect(unscored.statusCode).toBeGreaterThanOrEqual(400);
    expect(unscored.statusCode).toBeLessThan(500);
    expect((await get('/accumulation?product=zfire&by=city&format=csv')).statusCode).toBe(400);
    expect(offLoopRendersDone()).toBe(before);
  });
});
