import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { NO_USABLE_COLUMN_MESSAGE } from '../../src/domain/portfolio/columns.js';
import { createMember, usePortfolioTestApp, waitFor } from './app.js';
import { readWithExcelJs } from '../support/xlsx-read.js';
import { portfolioSteps, type Headers } from './steps.js';

const { app, db } = await usePortfolioTestApp({ chunkSize: 4 });
const { upload, waitForStatus } = portfolioSteps(app);

/** Issue 43: column mapping, saved mappings, accumulation and rings, checked against hand counts. */

const UNUSUAL = [
  'Pol Ref,Site Street,Town,Prov,Post Cd,Sum Insured,Broker',
  'Q1-001,1 Main St,Austin,TX,78701,100,Acme',
  'Q1-002,2 Oak Ave,Austin,TX,78701,200,Acme',
].join('\n');

async function check(headers: Headers, name: string, body?: Record<string, unknown>) {
  const url = `/api/caribou/portfolio/uploads/${name}/check`;
  if (body === undefined) return app.inject({ method: 'GET', url, headers });
  return app.inject({ method: 'POST', url, headers, payload: body });
}

async function create(headers: Headers, uploadedFileName: string, extra: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/caribou/portfolios',
    headers,
    payload: { name: `Book ${Math.random()}`, products: 'zfire', uploadedFileName, ...extra },
  });
}

const unusualMapping = {
  fields: {
    id: 'Pol Ref',
    street: 'Site Street',
    city: 'Town',
    state: 'Prov',
    zip: 'Post Cd',
    buildingTiv: 'Sum Insured',
  },
};

describe('column mapping', () => {
  it('detects a Policy No column as the reference (issue 45, item 3)', async () => {
    const { headers } = await createMember(app, db);
    const res = await upload(headers, 'p.csv', 'Policy No,Insured Name,Latitude,Longitude\nPN-7,Ann,30.1,-97.7\n');
    expect(res.statusCode).toBe(201);
    expect(res.json().check.idColumn).toBe('Policy No');
    expect(res.json().check.columns).toEqual([
      { name: 'Policy No', field: 'id', samples: ['PN-7'] },
      { name: 'Insured Name', field: null, samples: ['Ann'] },
      { name: 'Latitude', field: 'latitude', samples: ['30.1'] },
      { name: 'Longitude', field: 'longitude', samples: ['-97.7'] },
    ]);
  });

  it('keeps a file whose columns locate nothing by name, and reads it with the mapping chosen', async () => {
    const { headers } = await createMember(app, db);
    const up = await upload(headers, 'q1.csv', UNUSUAL);
    expect(up.statusCode).toBe(201);
    const name = up.json().uploadedFileName;
    const detected = await check(headers, name);
    expect(detected.json().layout).toBeNull();
    expect(detected.json().mappingProblems).toEqual([NO_USABLE_COLUMN_MESSAGE]);
    // A POST without a body is the dry run with the mapping the file would get.
    const bare = await app.inject({ method: 'POST', url: `/api/caribou/portfolio/uploads/${name}/check`, headers });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().mappingProblems).toEqual([NO_USABLE_COLUMN_MESSAGE]);
    expect((await create(headers, name)).json().error.message).toBe(NO_USABLE_COLUMN_MESSAGE);

    const twice = await check(headers, name, { columnMapping: { fields: { street: 'Town', city: 'Town' } } });
    expect(twice.json().mappingProblems).toContain('The column "Town" is chosen both as street address and as city.');
    const missing = await check(headers, name, { columnMapping: { fields: { address: 'Nope' } } });
    expect(missing.json().mappingProblems[0]).toBe('The file has no column named "Nope" (chosen as full address).');
    expect((await check(headers, name, { columnMapping: { fields: { bogus: 'Town' } } })).statusCode).toBe(400);

    const mapped = await check(headers, name, { columnMapping: unusualMapping });
    expect(mapped.json()).toMatchObject({
      layout: 'street_city_state_zip',
      idColumn: 'Pol Ref',
      usableRows: 2,
      mappingProblems: [],
      keptColumns: ['Broker'],
    });
    const created = await create(headers, name, { columnMapping: unusualMapping });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()[0].portfolioId;
    await waitForStatus(headers, id, 'zfire', 'READY');
    const rows = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${id}/properties?product=zfire`,
      headers,
    });
    expect(rows.json().properties.map((p: { ref: string }) => p.ref)).toEqual(['Q1-001', 'Q1-002']);
  });

  it('saves a mapping and applies it to next quarter’s file with the same headers', async () => {
    const { headers } = await createMember(app, db);
    const first = (await upload(headers, 'q1.csv', UNUSUAL)).json();
    const saved = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolio/mappings',
      headers,
      payload: {
        name: 'Broker book',
        header: first.check.columns.map((c: { name: string }) => c.name),
        columnMapping: unusualMapping,
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    // Next quarter: the same columns, spelt in capitals.
    const q2 = UNUSUAL.replace('Pol Ref,Site Street,Town', 'POL REF,SITE STREET,TOWN').replace(/Q1/g, 'Q2');
    const second = await upload(headers, 'q2.csv', q2);
    expect(second.json().check).toMatchObject({
      appliedMapping: { id: saved.json().id, name: 'Broker book' },
      layout: 'street_city_state_zip',
      idColumn: 'POL REF',
    });
    const created = await create(headers, second.json().uploadedFileName);
    expect(created.statusCode, created.body).toBe(201);

    // Another organisation sees none of it.
    const other = await createMember(app, db);
    const list = await app.inject({ method: 'GET', url: '/api/caribou/portfolio/mappings', headers: other.headers });
    expect(list.json().mappings).toEqual([]);
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/caribou/portfolio/mappings/${saved.json().id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const theirs = (await upload(other.headers, 'q2.csv', q2)).json();
    expect(theirs.check.appliedMapping).toBeNull();
    const byId = await create(other.headers, theirs.uploadedFileName, { mappingId: saved.json().id });
    expect(byId.statusCode).toBe(404);
  });
});

// Hand count: Austin (Travis County, TX) three rows within 320 m, Los Angeles two within 100 m, one in New York.
const BOOK = [
  'Policy No,Latitude,Longitude,TIV',
  'A,30.2672,-97.7431,100',
  'B,30.2680,-97.7440,200',
  'C,30.2700,-97.7431,50',
  'D,34.0522,-118.2437,1000',
  'E,34.0530,-118.2440,"$2,000"',
  'F,40.7128,-74.0060,',
].join('\n');

describe('accumulation', () => {
  it('aggregates value and rows by state and county as counted by hand, in JSON, CSV and XLSX', async () => {
    const { headers } = await createMember(app, db);
    const up = (await upload(headers, 'book.csv', BOOK)).json();
    const id = (await create(headers, up.uploadedFileName)).json()[0].portfolioId;
    await waitForStatus(headers, id, 'zfire', 'READY');
    const get = (url: string, h = headers) =>
      app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}${url}`, headers: h });

    const states = (await get('/accumulation?product=zfire&by=state')).json();
    expect(states.areas.map((a: { key: string; count: number; value: number }) => [a.key, a.count, a.value])).toEqual([
      ['CA', 2, 3000],
      ['TX', 3, 350],
      ['NY', 1, 0],
    ]);
    expect(states).toMatchObject({ totalCount: 6, totalValue: 3350, total: 3 });
    for (const area of states.areas) {
      const levels = Object.values(area.levels) as { count: number; value: number }[];
      expect(levels.reduce((sum, l) => sum + l.count, 0)).toBe(area.count);
    }
    const counties = (await get('/accumulation?product=zfire&by=county')).json();
    expect(counties.areas.map((a: { key: string }) => a.key)).toEqual([
      'Los Angeles County, CA',
      'Travis County, TX',
      'New York County, NY',
    ]);
    const cells = (await get('/accumulation?product=zfire&by=h3_5')).json();
    expect(cells.areas.reduce((sum: number, a: { count: number }) => sum + a.count, 0)).toBe(6);

    const csv = await get('/accumulation?product=zfire&by=state&format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    const table = parse(csv.body.replace(/^\uFEFF/, '')) as string[][];
    expect(table[0]!.slice(0, 3)).toEqual(['state', 'rows', 'value']);
    expect(table.slice(1).map((r) => r.slice(0, 3))).toEqual([
      ['CA', '2', '3000'],
      ['TX', '3', '350'],
      ['NY', '1', '0'],
    ]);
    const xlsx = await get('/accumulation?product=zfire&by=county&format=xlsx');
    const sheet = await readWithExcelJs(xlsx.rawPayload);
    expect(sheet[1]!.slice(0, 3)).toEqual(['Los Angeles County, CA', 2, 3000]);

    // Rings of 250 m: Los Angeles' two rows, then Austin's.
    const rings = (await get('/accumulation/rings?product=zfire&radius=250&limit=5')).json();
    expect(rings.rings[0]).toMatchObject({ rank: 1, count: 2, value: 3000, radius: 250 });
    expect(rings.rings[1].value).toBeGreaterThanOrEqual(300);
    const ring = rings.rings[0];
    const inside = (
      await get(
        `/accumulation/ring-rows?product=zfire&latitude=${ring.latitude}&longitude=${ring.longitude}&radius=250`,
      )
    ).json();
    expect(inside.rows.map((r: { ref: string }) => r.ref)).toEqual(['E', 'D']);
    expect((await get('/accumulation/rings?product=zfire&radius=300')).statusCode).toBe(400);

    const board = (await get('/dashboard')).json();
    expect(board).toMatchObject({ totalCount: 6, totalValue: 3350, hasValue: true });
    expect(board.products[0].scoreBands.reduce((s: number, b: { count: number }) => s + b.count, 0)).toBe(6);
    // Scores run 1–10: a band per point (1–2 … 9–10), each row in the band of its score.
    const bands = board.products[0].scoreBands as { from: number; to: number; count: number }[];
    expect(bands.map((b) => `${b.from}–${b.to}`)).toEqual([
      '1–2',
      '2–3',
      '3–4',
      '4–5',
      '5–6',
      '6–7',
      '7–8',
      '8–9',
      '9–10',
    ]);
    const scores = await db
      .selectFrom('portfolio_results')
      .select('score')
      .where('run_id', '=', board.products[0].runId)
      .where('score', 'is not', null)
      .execute();
    const expected = bands.map(
      (b, k) => scores.filter((r) => Math.min(Math.max(Math.floor(Number(r.score)) - 1, 0), 8) === k).length,
    );
    expect(bands.map((b) => b.count)).toEqual(expected);
    // The map's hexagons, apart: every located row in one cell of each resolution, the value with it.
    const map = (await get('/dashboard/hexagons?product=zfire')).json();
    expect(map).toMatchObject({ product: 'zfire', hasValue: true });
    for (const resolution of [5, 7, 9]) {
      const cells = map.hexagons.filter((h: { resolution: number }) => h.resolution === resolution);
      expect(cells.reduce((s: number, h: { count: number }) => s + h.count, 0)).toBe(6);
      expect(cells.reduce((s: number, h: { value: number }) => s + h.value, 0)).toBe(3350);
    }
    expect(Object.keys(map.hexagons[0]).sort()).toEqual(['cell', 'count', 'resolution', 'value']);
    expect((await get('/dashboard/hexagons')).statusCode).toBe(400);

    // Another organisation: 404, no figures.
    const other = await createMember(app, db);
    expect((await get('/accumulation?product=zfire', other.headers)).statusCode).toBe(404);
    expect((await get('/dashboard', other.headers)).statusCode).toBe(404);
    expect((await get('/dashboard/hexagons?product=zfire', other.headers)).statusCode).toBe(404);
    expect((await get('/accumulation/rings?product=zfire', other.headers)).statusCode).toBe(404);
  });
});

describe('analysis built at run end', () => {
  it('builds the exposure, the aggregates and the top rings in the worker when the run completes, before any view', async () => {
    const { headers } = await createMember(app, db);
    await sql`CREATE EXTENSION IF NOT EXISTS pg_walinspect`.execute(db);
    const { rows: start } = await sql<{ lsn: string }>`SELECT pg_current_wal_insert_lsn()::text AS lsn`.execute(db);
    const up = (await upload(headers, 'book.csv', BOOK)).json();
    const id = (await create(headers, up.uploadedFileName)).json()[0].portfolioId;
    await waitForStatus(headers, id, 'zfire', 'READY');
    // No analysis request has been made: whatever exists was built by the worker.
    const build = await waitFor(
      async () => {
        const row = await db
          .selectFrom('portfolio_accumulation_builds')
          .innerJoin('portfolio_runs', 'portfolio_runs.id', 'portfolio_accumulation_builds.run_id')
          .select([
            'portfolio_accumulation_builds.rings',
            'portfolio_accumulation_builds.totals',
            'portfolio_accumulation_builds.run_id',
          ])
          .where('portfolio_runs.portfolio_id', '=', id)
          .executeTakeFirst();
        return row && Object.keys(row.rings).length === 2 ? row : undefined;
      },
      30_000,
      'the analysis built by the worker',
    );
    expect(build.totals.state).toEqual({ areas: 3, count: 6, value: 3350 });
    expect(build.rings['250']![0]).toMatchObject({ count: 2, value: 3000 });
    const exposure = await db
      .selectFrom('portfolio_exposure_builds')
      .select(['row_count', 'has_value'])
      .where('portfolio_id', '=', id)
      .executeTakeFirst();
    expect(exposure).toEqual({ row_count: 6, has_value: true });
    // The request reads what was kept: the same rings.
    const rings = (
      await app.inject({
        method: 'GET',
        url: `/api/caribou/portfolio/${id}/accumulation/rings?product=zfire&radius=250&limit=1`,
        headers,
      })
    ).json();
    expect(rings.rings).toEqual([{ rank: 1, radius: 250, ...build.rings['250']![0] }]);
    // Issue 46: on the embedded server (wal_level minimal) the exposure, its cells and the run's
    // aggregates, each a partition made in its build's transaction, and their keys, went to no WAL
    // record, neither when written nor when read since (frozen: their readers set no hint bits).
    const { rows: logged } = await sql<{ what: string | null }>`
      SELECT string_agg(b.resource_manager || '/' || b.record_type || ' ' || c.relname, ', ') AS what
      FROM pg_get_wal_block_info(${start[0]!.lsn}::pg_lsn, pg_current_wal_flush_lsn()) b
      JOIN pg_class c ON c.relfilenode = b.relfilenode
      WHERE b.reldatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND (c.relname LIKE ${`portfolio_exposure_${id}%`} OR c.relname LIKE ${`portfolio_exposure_cells_${id}%`}
             OR c.relname LIKE ${`portfolio_accumulations_${build.run_id}%`})`.execute(db);
    expect(logged[0]!.what).toBeNull();
    const cells = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ${sql.table(`portfolio_exposure_cells_${id}`)}`.execute(db);
    expect(cells.rows[0]!.n).toBeGreaterThan(0);
    const { rows: partitions } = await sql<{ attached: boolean }>`
      SELECT relispartition AS attached FROM pg_class WHERE oid = to_regclass(${`portfolio_accumulations_${build.run_id}`})`.execute(
      db,
    );
    expect(partitions).toEqual([{ attached: true }]);
  });
});
