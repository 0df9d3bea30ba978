import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createMember, usePortfolioTestApp, waitFor } from './app.js';
import { portfolioSteps } from './steps.js';
import { topFactorsOf } from '../../src/db/portfolio-review.js';

// Issue 22: the export reads the top factors' names from a plain column written with each result
// (migration 0800), copied from the score index; results written before it fall back to the jsonb.
const { app, db } = await usePortfolioTestApp({ chunkSize: 3, realEngines: { properties: 300 } });

describe('top-factor names stored with the results', () => {
  it('every result carries its factors’ names as the export shows them; the export is the same with or without the column', async () => {
    const { headers } = await createMember(app, db);
    const properties = await db.selectFrom('properties').select(['lat', 'lng']).orderBy('id').limit(7).execute();
    // Six rows on properties, one far out at sea (outside coverage: no factors).
    const csv = `Ref,Latitude,Longitude\n${properties.map((p, i) => `P${i + 1},${p.lat},${p.lng}`).join('\n')}\nSEA,10,-150\n`;
    const id = await portfolioSteps(app).createPortfolio(headers, csv, { name: 'Names', products: 'zfire' });
    await waitFor(
      async () => {
        const m = (await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/metadata`, headers })).json();
        return m.products.every((p: { status: string }) => p.status === 'READY') ? m : null;
      },
      90_000,
      'READY',
    );

    const run = await db
      .selectFrom('portfolio_products')
      .select('current_run_id')
      .where('portfolio_id', '=', id)
      .executeTakeFirstOrThrow();
    const results = await db
      .selectFrom('portfolio_results')
      .select(['row_number', topFactorsOf(), 'top_factor_names', 'problem'])
      .where('run_id', '=', run.current_run_id!)
      .orderBy('row_number')
      .execute();
    expect(results).toHaveLength(8);
    for (const r of results) expect(r.top_factor_names).toBe(r.top_factors.map((f) => f.name).join('; '));
    expect(results.filter((r) => r.problem === null && r.top_factor_names!.length > 0).length).toBeGreaterThanOrEqual(
      5,
    );
    expect(results.at(-1)!.top_factor_names).toBe('');

    const exportCsv = async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/caribou/portfolio/${id}/product/zfire/export`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return parse(res.rawPayload, { bom: true }) as string[][];
    };
    const stored = await exportCsv();
    const column = stored[0]!.indexOf('top_factors');
    expect(stored.slice(1).map((row) => row[column])).toEqual(results.map((r) => r.top_factor_names));
    // Results written before migration 0800 have no names column, only the jsonb: the export reads it, same file.
    await sql`UPDATE portfolio_results SET top_factors = zview_top_factors(top_factors, top_factor_names, top_factor_contributions),
      top_factor_names = NULL, top_factor_contributions = NULL WHERE run_id = ${run.current_run_id}`.execute(db);
    expect(await exportCsv()).toEqual(stored);
  });
});
