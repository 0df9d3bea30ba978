import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { csvLineValues } from '../../src/domain/portfolio/io/csv-line.js';
import { createMember, usePortfolioTestApp } from './app.js';
import { portfolioSteps, type Headers } from './steps.js';

/**
 * Issue 22: the CSV export of every original column sends each row's csv_line, rendered at ingest
 * (migration 0830), instead of formatting raw_values again. The file must be byte for byte the one
 * rendered from raw_values, whatever the cells hold.
 */
const { app, db } = await usePortfolioTestApp({ chunkSize: 4 });

const steps = portfolioSteps(app);

/** A one-product (zfire) portfolio of `content`, once READY. */
async function createPortfolio(headers: Headers, content: string): Promise<number> {
  const id = await steps.createPortfolio(headers, content);
  await steps.waitForStatus(headers, id, 'zfire', 'READY');
  return id;
}

const exportText = async (headers: Headers, id: number) => (await steps.exportCsv(headers, id)).body;

describe('CSV export of cells rendered at ingest (csv_line)', () => {
  it('is byte for byte the export rendered from raw_values: formulas, quotes, separators, line breaks, backslashes, tabs, short and long rows, unicode', async () => {
    const { headers } = await createMember(app, db);
    const csv =
      'id,lat,lon,note,extra\r\n' +
      'A,30,-97,"x, ""y""",=1+2\r\n' +
      'B,31,-96,"two\nlines",@cmd\r\n' +
      'C,32,-95,back\\slash,"\ttab"\r\n' +
      'D,33,-94, padded ,-12.5\r\n' +
      'E,34,-93,short\r\n' +
      'F,35,-92,long,1,2,3\r\n' +
      'G,36,-91,Zürich ✓ 東京,+x\r\n' +
      'H,,,,\r\n' +
      'I,37,-90,"plain, with a comma",-1.5\r\n';
    const id = await createPortfolio(headers, csv);
    const stored = await db
      .selectFrom('portfolio_rows')
      .select(['row_number', 'csv_line', 'raw_values'])
      .where('portfolio_id', '=', id)
      .orderBy('row_number')
      .execute();
    expect(stored).toHaveLength(9);
    expect(stored.every((row) => row.csv_line !== null)).toBe(true);
    // Rows whose line holds their values exactly keep only the line (migration 0920).
    expect(stored.filter((row) => row.raw_values === null).map((row) => row.row_number)).toEqual([8, 9]);
    expect(stored[0]!.csv_line).toBe(`A,30,-97,"x, ""y""",'=1+2`);
    expect(stored[4]!.csv_line).toBe('E,34,-93,short,');
    expect(stored[5]!.csv_line).toBe('F,35,-92,long,1');

    const rendered = await exportText(headers, id);
    // Every row's values written back as raw_values (which clears their lines), then the export again.
    for (const row of stored.filter((row) => row.raw_values === null))
      await sql`UPDATE portfolio_rows SET raw_values = ${JSON.stringify(csvLineValues(row.csv_line!))}::json
                WHERE portfolio_id = ${id} AND row_number = ${row.row_number}`.execute(db);
    await sql`UPDATE portfolio_rows SET csv_line = NULL WHERE portfolio_id = ${id}`.execute(db);
    const fromRawValues = await exportText(headers, id);
    expect(rendered).toBe(fromRawValues);
    expect(rendered.split('\r\n')[1]).toMatch(/^A,30,-97,"x, ""y""",'=1\+2,/);
  });

  it('follows raw_values when they change after ingest, and a chosen subset of columns never uses csv_line', async () => {
    const { headers } = await createMember(app, db);
    const id = await createPortfolio(headers, 'id,lat,lon,note\nA,30,-97,old\nB,31,-96,plain\n');
    await sql`UPDATE portfolio_rows SET raw_values = '["A","30","-97","new, value"]'::json WHERE portfolio_id = ${id} AND row_number = 1`.execute(
      db,
    );
    const rows = await db
      .selectFrom('portfolio_rows')
      .select(['row_number', 'csv_line'])
      .where('portfolio_id', '=', id)
      .orderBy('row_number')
      .execute();
    // The trigger cleared the stale rendering of the row that changed, and only of that row.
    expect(rows.map((row) => row.csv_line)).toEqual([null, 'B,31,-96,plain']);
    const text = await exportText(headers, id);
    expect(text.split('\r\n')[1]).toMatch(/^A,30,-97,"new, value",/);
    expect(text.split('\r\n')[2]).toMatch(/^B,31,-96,plain,/);

    const choice = await app.inject({
      method: 'PUT',
      url: `/api/caribou/portfolio/${id}/product/zfire/export`,
      headers,
      payload: { data: { columns: ['note', 'id', 'score'] } },
    });
    expect(choice.statusCode, choice.body).toBe(200);
    const chosen = (await exportText(headers, id)).split('\r\n');
    expect(chosen[0]).toBe('\uFEFFid,note,score');
    expect(chosen[1]).toMatch(/^A,"new, value",/);
    expect(chosen[2]).toMatch(/^B,plain,/);
  });
});
