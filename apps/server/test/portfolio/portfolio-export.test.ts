import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createMember, usePortfolioTestApp } from './app.js';
import { unzip } from './unzip.js';
import { readWithExcelJs } from '../support/xlsx-read.js';
import { portfolioSteps, tricky } from './steps.js';
import { topFactorsOf } from '../../src/db/portfolio-review.js';

const { app, db } = await usePortfolioTestApp({ chunkSize: 3 });
const { upload, createPortfolio, waitForStatus, exportCsv } = portfolioSteps(app);

describe('portfolio processing, review and export', () => {
  it('round-trips every original column and value through processing and export', async () => {
    const { headers } = await createMember(app, db);
    const id = await createPortfolio(headers, tricky);
    await waitForStatus(headers, id, 'zfire', 'READY');
    const res = await exportCsv(headers, id);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="Book_0\d+_zfire_\d{8}\.csv"/);
    const exported = parse(res.rawPayload, { bom: true }) as string[][];
    const original = parse(tricky, { bom: true }) as string[][];
    expect(exported[0]!.slice(0, 6)).toEqual(original[0]);
    expect(exported[0]!.slice(6)).toEqual([
      'score',
      'risk_level',
      'confidence',
      'top_factors',
      'geocode_precision',
      'model_version',
      'problem',
    ]);
    for (let i = 1; i < original.length; i += 1) {
      expect(exported[i]!.slice(0, 6)).toEqual(original[i]);
      expect(Number(exported[i]![6])).toBeGreaterThanOrEqual(0);
      expect(exported[i]![10]).toBe('coordinates');
      expect(exported[i]![11]).toBe('fake-1.0.0');
    }
    // A GET never changes state: reading the file left the results READY.
    const before = await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/metadata`, headers });
    expect(before.json().products[0].status).toBe('READY');
    // The explicit export mark the UI makes (PUT …/update_export) accepts them.
    const mark = await app.inject({
      method: 'PUT',
      url: `/api/caribou/portfolio/${id}/product/zfire/update_export`,
      headers,
    });
    expect(mark.statusCode, mark.body).toBe(200);
    // Exporting accepted the results.
    const meta = await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/metadata`, headers });
    expect(meta.json().products[0].status).toBe('PROCESSED');
  });

  it('accepts the OED sample file, scores what it can and explains the rest', async () => {
    const { headers } = await createMember(app, db);
    const oed = readFileSync(path.join(import.meta.dirname, '../fixtures/oed-location-sample.csv'));
    const up = await upload(headers, 'oed.csv', oed);
    expect(up.json().check.layout).toBe('oed');
    const id = await createPortfolio(headers, oed, { products: 'zfire,zwind' });
    const meta = await waitForStatus(headers, id, 'zwind', 'READY');
    await waitForStatus(headers, id, 'zfire', 'READY');
    expect(meta.rowCount).toBe(5);
    expect(meta.layout).toBe('oed');
    expect(meta.geocodePrecision).toEqual({ coordinates: 2, rooftop: 1, none: 1, unusable: 1 });

    const errors = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${id}/errors?page=1&itemsPerPage=25&product=zfire`,
      headers,
    });
    expect(errors.json()).toMatchObject({
      total: 2,
      errors: [
        { rowNumber: 4, ref: '10002082049', reason: 'We could not find this address.' },
        { rowNumber: 5, ref: '10002082050', reason: 'The latitude 95.1 is outside the range -90 to 90.' },
      ],
    });
    const props = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${id}/properties?product=zfire&sort=score&order=desc`,
      headers,
    });
    expect(props.json().total).toBe(3);
    const scores = props.json().properties.map((p: { score: number }) => p.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const detail = await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/property/3/zfire`, headers });
    expect(detail.json()).toMatchObject({
      ref: '10002082048',
      values: { LocUserDef1: 'corner, brick' },
      geocode: { precision: 'rooftop' },
    });
    const auto = await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/autocomplete?q=lamar`, headers });
    expect(auto.json().suggestions).toEqual([
      { rowNumber: 2, ref: '10002082047', address: '2100 S Lamar Blvd, Austin, TX 78704' },
    ]);
    const raw = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${id}/raw?page=2&itemsPerPage=2`,
      headers,
    });
    expect(raw.json().rows.map((r: { rowNumber: number }) => r.rowNumber)).toEqual([3, 4]);
    // The values as uploaded, whether kept as JSON or only as the row's CSV line (migration 0920).
    const fileRows = (parse(oed) as string[][]).slice(1);
    expect(raw.json().rows.map((r: { values: string[] }) => r.values)).toEqual([fileRows[2], fileRows[3]]);
    const kept = await db
      .selectFrom('portfolio_rows')
      .select((eb) => eb.fn.count<number>('row_number').filterWhere('raw_values', 'is', null).as('lines'))
      .where('portfolio_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(kept.lines)).toBeGreaterThan(0);
    // Usage: every scored row counted once per product (records per chunk carry a quantity), none for failed rows.
    const usage = await db
      .selectFrom('usage_events')
      .select(['product', 'channel', 'quantity'])
      .where('portfolio_id', '=', id)
      .execute();
    const used = (product: string) =>
      usage.filter((u) => u.product === product).reduce((sum, u) => sum + u.quantity, 0);
    expect(used('zfire')).toBe(3);
    expect(used('zwind')).toBe(3);
    expect(usage.every((u) => u.channel === 'portfolio')).toBe(true);
  });

  it('neutralises cells that a spreadsheet would run as formulas, but keeps plain numbers', async () => {
    const { headers } = await createMember(app, db);
    const csv =
      'id,lat,lon,note\n=HYPERLINK("http://x"),30,-97.5,+SUM(A1)\n@cmd,31,-97,-2+3\nok,32,-96,-12.5\n"\tTAB",33,-95,"\rCR"\n';
    const id = await createPortfolio(headers, csv);
    await waitForStatus(headers, id, 'zfire', 'READY');
    const rows = parse((await exportCsv(headers, id)).rawPayload, { bom: true }) as string[][];
    expect(rows[1]!.slice(0, 4)).toEqual(['\'=HYPERLINK("http://x")', '30', '-97.5', "'+SUM(A1)"]);
    expect(rows[2]!.slice(0, 4)).toEqual(["'@cmd", '31', '-97', "'-2+3"]);
    expect(rows[3]!.slice(0, 4)).toEqual(['ok', '32', '-96', '-12.5']);
    expect(rows[4]![0]).toBe("'\tTAB");
    expect(rows[4]![3]).toBe("'\rCR");
  });

  it('exports the stored results cell for cell: factor names, numbers, and rows stored before raw_values was json', async () => {
    const { headers } = await createMember(app, db);
    const id = await createPortfolio(headers, 'id,lat,lon,note\nA,30,-97,"x, y"\nB,31,-96,plain\n');
    await waitForStatus(headers, id, 'zfire', 'READY');
    // Rows converted from jsonb keep its spacing, and escaped quotes come through COPY doubly escaped:
    // the export must still read every value.
    await sql`UPDATE portfolio_rows SET raw_values = '["A","30","-97","x, \\"y\\""]'::json WHERE portfolio_id = ${id} AND row_number = 1`.execute(
      db,
    );
    await sql`UPDATE portfolio_rows SET raw_values = '["B", "31", "-96", "plain"]'::json WHERE portfolio_id = ${id} AND row_number = 2`.execute(
      db,
    );
    const results = await db
      .selectFrom('portfolio_results as r')
      .innerJoin('portfolio_runs as run', 'run.id', 'r.run_id')
      .select(['r.row_number', 'r.score', 'r.confidence', topFactorsOf('r'), 'r.risk_level'])
      .where('run.portfolio_id', '=', id)
      .orderBy('r.row_number')
      .execute();
    const rows = parse((await exportCsv(headers, id)).rawPayload, { bom: true }) as string[][];
    expect(rows.slice(1).map((row) => row.slice(0, 4))).toEqual([
      ['A', '30', '-97', 'x, "y"'],
      ['B', '31', '-96', 'plain'],
    ]);
    expect(results).toHaveLength(2);
    results.forEach((result, i) => {
      expect(result.top_factors.length).toBeGreaterThan(0);
      expect(rows[i + 1]!.slice(4, 8)).toEqual([
        String(result.score),
        result.risk_level,
        String(result.confidence),
        result.top_factors.map((f) => f.name).join('; '),
      ]);
    });
  });

  it('exports XLSX on request, with the original values exact', async () => {
    const { headers } = await createMember(app, db);
    const id = await createPortfolio(headers, 'id,lat,lon,note\n=cmd,30,-97,"a, ""b"""\n', { name: 'Book (Ünï) "q"' });
    await waitForStatus(headers, id, 'zfire', 'READY');
    const res = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${id}/product/zfire/export?format=xlsx`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Book__.+_zfire_\d{8}\.xlsx"; filename\*=UTF-8''Book__%C3%9Cn%C3%AF__%22q%22_zfire_\d{8}\.xlsx$/,
    );
    const rows = await readWithExcelJs(res.rawPayload);
    expect(rows[1]![0]).toBe('=cmd');
    expect(rows[1]![3]).toBe('a, "b"');
    expect(rows[1]![9]).toBe('fake-1.0.0');
  });

  it('exports an XLSX that a spreadsheet reader opens with every cell exact', async () => {
    const { headers } = await createMember(app, db);
    const csv = [
      'policy id,lat,lon,Notes,Ünïcödé',
      '"=HYPERLINK(""http://x"")",30.1,-97.7,"She said ""hi"", twice",日本語',
      '"+SUM(A1)",30.2,-97.6,"two\nlines",emoji 🏠',
      '@cmd,30.3,-97.5,"comma, inside",-2+3',
      'P-4,30.4,-97.4,,',
    ].join('\r\n');
    const id = await createPortfolio(headers, csv);
    await waitForStatus(headers, id, 'zfire', 'READY');
    const res = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${id}/product/zfire/export?format=xlsx`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await readSheet(res.rawPayload);
    const original = parse(csv) as string[][];
    expect(sheet[0]).toEqual([
      ...original[0]!,
      'score',
      'risk_level',
      'confidence',
      'top_factors',
      'geocode_precision',
      'model_version',
      'problem',
    ]);
    expect(sheet).toHaveLength(original.length);
    for (let i = 1; i < original.length; i += 1) {
      // Every original cell reads back as the same text (empty cells as empty), not as a formula's result.
      expect(sheet[i]!.slice(0, 5).map((v) => (v === null ? '' : String(v)))).toEqual(original[i]);
      expect(sheet[i]![9]).toBe('coordinates');
      expect(sheet[i]![10]).toBe('fake-1.0.0');
    }
    // No cell is a formula a spreadsheet would run.
    expect(unzip(res.rawPayload).get('xl/worksheets/sheet1.xml')!).not.toMatch(/<f[ >]/);
    // exceljs reads the same, with the score a number cell.
    const again = await readWithExcelJs(res.rawPayload);
    expect(again.slice(1).map((row) => row.slice(0, 5).map((v) => (v === null ? '' : String(v))))).toEqual(
      original.slice(1),
    );
    expect(typeof again[1]![5]).toBe('number');
  });

  it('exports every product side by side with latitude, longitude, matched address and geocode precision, in one XLSX exceljs reads back', async () => {
    const { headers } = await createMember(app, db);
    const id = await createPortfolio(headers, 'id,lat,lon,note\nA,30.1,-97.7,=cmd\nB,31.2,-96.5,plain\n', {
      products: 'zwind,zfire',
    });
    await waitForStatus(headers, id, 'zfire', 'READY');
    await waitForStatus(headers, id, 'zwind', 'READY');
    const res = await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/export?format=xlsx`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/all_products_\d{8}\.xlsx/);
    const rows = await readWithExcelJs(res.rawPayload);
    expect(rows[0]).toEqual([
      'id',
      'lat',
      'lon',
      'note',
      'latitude',
      'longitude',
      'matched_address',
      'geocode_precision',
      'zfire_score',
      'zfire_risk_level',
      'zfire_confidence',
      'zfire_top_factors',
      'zwind_score',
      'zwind_risk_level',
      'zwind_confidence',
      'zwind_top_factors',
      'problem',
    ]);
    expect(rows).toHaveLength(3);
    const results = await db
      .selectFrom('portfolio_results as r')
      .innerJoin('portfolio_products as p', (join) => join.onRef('p.current_run_id', '=', 'r.run_id'))
      .select(['p.product', 'r.row_number', 'r.score', 'r.confidence', 'r.risk_level'])
      .where('p.portfolio_id', '=', id)
      .execute();
    const result = (product: string, row: number) =>
      results.find((r) => r.product === product && r.row_number === row)!;
    rows.slice(1).forEach((row, i) => {
      expect(row.slice(0, 4)).toEqual([
        ['A', 'B'][i],
        ['30.1', '31.2'][i],
        ['-97.7', '-96.5'][i],
        ['=cmd', 'plain'][i],
      ]);
      expect(row.slice(4, 6)).toEqual([[30.1, 31.2][i], [-97.7, -96.5][i]]);
      expect(row[7]).toBe('coordinates');
      for (const [offset, product] of [
        [8, 'zfire'],
        [12, 'zwind'],
      ] as const) {
        const expected = result(product, i + 1);
        expect(row.slice(offset, offset + 3)).toEqual([expected.score, expected.risk_level, expected.confidence]);
        expect(typeof row[offset]).toBe('number');
      }
    });
    const csv = await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/export?format=csv`, headers });
    expect(csv.statusCode).toBe(200);
    const parsed = parse(csv.rawPayload, { bom: true }) as string[][];
    expect(parsed[0]).toEqual(rows[0]);
    expect(parsed[1]![3]).toBe("'=cmd");
    const foreign = await createMember(app, db);
    expect(
      (await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/export`, headers: foreign.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('saves an export column choice and regenerates the stored export', async () => {
    const { headers } = await createMember(app, db);
    const id = await createPortfolio(headers, 'id,lat,lon,extra\nA,30,-97,x\n');
    await waitForStatus(headers, id, 'zfire', 'READY');
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/caribou/portfolio/${id}/product/zfire/export`,
      headers,
      payload: { data: { columns: ['nope'] } },
    });
    expect(bad.statusCode).toBe(400);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/caribou/portfolio/${id}/product/zfire/export`,
      headers,
      payload: { data: { columns: ['id', 'score', 'risk_level'] } },
    });
    expect(put.statusCode).toBe(200);
    const regen = await app.inject({
      method: 'PUT',
      url: `/api/caribou/portfolio/${id}/product/zfire/update_export`,
      headers,
    });
    expect(regen.statusCode, regen.body).toBe(200);
    const rows = parse((await exportCsv(headers, id)).rawPayload, { bom: true }) as string[][];
    expect(rows[0]).toEqual(['id', 'score', 'risk_level']);
    expect(rows[1]![0]).toBe('A');
  });

  it('reruns with the current model version under a new run, keeping the previous one', async () => {
    const { headers } = await createMember(app, db);
    const id = await createPortfolio(headers, 'id,lat,lon\nA,30,-97\nB,31,-96\nC,32,-95\nD,33,-94\n');
    await waitForStatus(headers, id, 'zfire', 'READY');
    const scorer = app.ctx.portfolio!.scorer as unknown as { version: string };
    scorer.version = 'fake-2.0.0';
    try {
      const rerun = await app.inject({
        method: 'PUT',
        url: `/api/caribou/portfolio/${id}/product/zfire/rerun_portfolio`,
        headers,
      });
      expect(rerun.statusCode, rerun.body).toBe(202);
      const meta = await waitForStatus(headers, id, 'zfire', 'READY');
      const runs = meta.products[0].runs;
      expect(runs).toHaveLength(2);
      expect(runs.map((r: { modelVersion: string }) => r.modelVersion)).toEqual(['fake-1.0.0', 'fake-2.0.0']);
      expect(runs[1].previousRunId).toBe(runs[0].runId);
      expect(runs[1].changedCount).toBeGreaterThan(0);
      const detail = await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/property/1/zfire`, headers });
      expect(detail.json().history).toHaveLength(2);
      expect(detail.json().result.modelVersion).toBe('fake-2.0.0');
    } finally {
      scorer.version = 'fake-1.0.0';
    }
  });
});
