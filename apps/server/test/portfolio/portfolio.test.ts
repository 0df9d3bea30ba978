import { INTERNAL_ADMIN_ROLE_GROUP, MESSAGES, PORTFOLIO_ROLE_GROUP_HEADER } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { NO_USABLE_COLUMN_MESSAGE } from '../../src/domain/portfolio/columns.js';
import { createMember, multipart, usePortfolioTestApp } from './app.js';
import { portfolioSteps, tricky, type Headers } from './steps.js';

const { app, db } = await usePortfolioTestApp({ chunkSize: 3 });
const small = await usePortfolioTestApp({ maxUploadBytes: 1024, worker: false });
const { upload, createPortfolio, waitForStatus } = portfolioSteps(app);

describe('portfolio upload and check', () => {
  it('stores the file under a generated name and reports what it recognised', async () => {
    const { headers } = await createMember(app, db);
    const res = await upload(headers, '../../etc/passwd.csv', tricky);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.uploadedFileName).toMatch(/^[0-9a-f-]{36}$/);
    // The path part never survives; the name is kept only as data.
    expect(body.originalFileName).toBe('passwd.csv');
    expect(body.check.hasBom).toBe(true);
    expect(body.check.idColumn).toBe('policy id');
    expect(body.check.keptColumns).toEqual(['Notes', 'Ünïcödé']);

    const check = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/uploads/${body.uploadedFileName}/check`,
      headers,
    });
    expect(check.json()).toMatchObject({ totalRows: 3, usableRows: 3, failingRowCount: 0 });
    expect(check.json().summary).toContain('All 3 rows can be used.');
  });

  it('detects semicolon and tab delimited files', async () => {
    const { headers } = await createMember(app, db);
    const semi = await upload(headers, 's.csv', 'id;latitude;longitude\n1;30;-97\n');
    expect(semi.json().check.delimiter).toBe('semicolon');
    const tab = await upload(headers, 't.tsv', 'id\tlatitude\tlongitude\n1\t30\t-97\n');
    expect(tab.json().check.delimiter).toBe('tab');
  });

  it('keeps a file with no recognised location column for mapping, and says so (issue 43)', async () => {
    const { headers } = await createMember(app, db);
    const res = await upload(headers, 'names.csv', 'name,premium\nA,100\n');
    expect(res.statusCode).toBe(201);
    expect(res.json().check.layout).toBeNull();
    expect(res.json().check.mappingProblems).toEqual([NO_USABLE_COLUMN_MESSAGE]);
    expect(res.json().check.summary).toBe(NO_USABLE_COLUMN_MESSAGE);
  });

  it('rejects a file that is not CSV text', async () => {
    const { headers } = await createMember(app, db);
    const res = await upload(headers, 'book.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('not a CSV text file');
  });

  it('lists failing rows in plain words in the dry run', async () => {
    const { headers } = await createMember(app, db);
    const up = await upload(headers, 'b.csv', 'id,lat,lon\nA,30,-97\nB,95,-97\nC,,\n');
    const check = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/uploads/${up.json().uploadedFileName}/check`,
      headers,
    });
    expect(check.json()).toMatchObject({
      totalRows: 3,
      usableRows: 1,
      failingRows: [
        { rowNumber: 2, ref: 'B', reason: 'The latitude 95 is outside the range -90 to 90.' },
        { rowNumber: 3, ref: 'C', reason: 'This row has no address and no coordinates.' },
      ],
    });
  });
});

describe('portfolio create, names and products', () => {
  it('checks names within the organisation', async () => {
    const { headers, org } = await createMember(app, db);
    await createPortfolio(headers, 'id,lat,lon\nA,30,-97\n', { name: 'Coastal Book' });
    const taken = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolios/names',
      headers,
      payload: { organizationId: org.id, portfolioName: 'coastal book' },
    });
    expect(taken.json()).toMatchObject({ available: false });
    const free = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolios/names',
      headers,
      payload: { organizationId: org.id, portfolioName: 'Inland Book' },
    });
    expect(free.json()).toEqual({ available: true });
    const other = await createMember(app, db);
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolios/names',
      headers: other.headers,
      payload: { organizationId: other.org.id, portfolioName: 'Coastal Book' },
    });
    expect(elsewhere.json()).toEqual({ available: true });
  });

  it('creates stubs with status UPLOADED for enabled portfolio products only', async () => {
    const { headers } = await createMember(app, db, { products: ['zfire-portfolio', 'zfire'] });
    const up = await upload(headers, 'a.csv', 'id,lat,lon\nA,30,-97\n');
    const payload = { name: 'Stubbed', products: 'zfire', uploadedFileName: up.json().uploadedFileName };
    const notEnabled = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolios',
      headers,
      payload: { ...payload, products: 'zfire,zhail' },
    });
    expect(notEnabled.statusCode).toBe(400);
    expect(notEnabled.json().error.message).toContain('zhail');
    const res = await app.inject({ method: 'POST', url: '/api/caribou/portfolios', headers, payload });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual([
      expect.objectContaining({ product: 'zfire', status: 'UPLOADED', statusLabel: 'Uploaded', name: 'Stubbed' }),
    ]);
  });

  it("answers 'Missing required parameters' when adding a product without organizationId", async () => {
    const { headers, org } = await createMember(app, db);
    const id = await createPortfolio(headers, 'id,lat,lon\nA,30,-97\n');
    const missing = await app.inject({
      method: 'POST',
      url: `/api/caribou/portfolios/${id}/product/zhail`,
      headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(MESSAGES.missingRequiredParameters);
    const added = await app.inject({
      method: 'POST',
      url: `/api/caribou/portfolios/${id}/product/zhail`,
      headers,
      payload: { organizationId: org.id },
    });
    expect(added.statusCode, added.body).toBe(201);
    await waitForStatus(headers, id, 'zhail', 'READY');
  });

  it('enforces status transitions with 409 and a clear message', async () => {
    const { headers } = await createMember(app, db);
    const id = await createPortfolio(headers, 'id,lat,lon\nA,30,-97\n');
    await waitForStatus(headers, id, 'zfire', 'READY');
    const url = `/api/caribou/portfolio/${id}/product/zfire/status`;
    const back = await app.inject({ method: 'PATCH', url, headers, payload: { status: 'UPLOADED' } });
    expect(back.statusCode).toBe(409);
    expect(back.json().error.message).toBe(
      'A portfolio that is In Review cannot be changed to Uploaded. From In Review it can only be changed to Processed or Archived.',
    );
    const bad = await app.inject({ method: 'PATCH', url, headers, payload: { status: 'DONE' } });
    expect(bad.statusCode).toBe(400);
    expect((await app.inject({ method: 'PATCH', url, headers, payload: { status: 'PROCESSED' } })).json().status).toBe(
      'PROCESSED',
    );
    expect((await app.inject({ method: 'PATCH', url, headers, payload: { status: 'ARCHIVED' } })).statusCode).toBe(200);
    // Archived portfolios are hidden from the list unless asked for.
    const list = await app.inject({ method: 'GET', url: '/api/caribou/portfolios', headers });
    expect(list.json().portfolios.map((p: { id: number }) => p.id)).not.toContain(id);
    const archived = await app.inject({ method: 'GET', url: '/api/caribou/portfolios?status=ARCHIVED', headers });
    expect(archived.json().portfolios.map((p: { id: number }) => p.id)).toEqual([id]);
  });

  it('renames, refuses a taken name, and lets only internal admins move organisations', async () => {
    const { headers } = await createMember(app, db);
    const id = await createPortfolio(headers, 'id,lat,lon\nA,30,-97\n', { name: 'First' });
    await createPortfolio(headers, 'id,lat,lon\nA,30,-97\n', { name: 'Second' });
    expect(
      (await app.inject({ method: 'PATCH', url: `/api/caribou/portfolio/${id}`, headers, payload: { name: 'second' } }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/caribou/portfolio/${id}`,
          headers,
          payload: { name: 'Renamed' },
        })
      ).json().name,
    ).toBe('Renamed');
    const other = await createMember(app, db);
    const move = await app.inject({
      method: 'PATCH',
      url: `/api/caribou/portfolio/${id}`,
      headers,
      payload: { organizationId: other.org.id },
    });
    expect(move.statusCode).toBe(403);
  });

  it('deletes a product, and the portfolio with its last product', async () => {
    const { headers } = await createMember(app, db);
    const id = await createPortfolio(headers, 'id,lat,lon\nA,30,-97\n', { products: 'zfire,zhail' });
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/caribou/portfolio/${id}/product/zhail`, headers })).statusCode,
    ).toBe(204);
    expect(
      (await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/metadata`, headers })).json().products,
    ).toHaveLength(1);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/caribou/portfolio/${id}/product/zfire`, headers })).statusCode,
    ).toBe(204);
    expect(
      (await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/metadata`, headers })).statusCode,
    ).toBe(404);
  });
});

describe('organisation scoping', () => {
  it("answers 404 for another organisation's portfolio on every route", async () => {
    const owner = await createMember(app, db);
    const id = await createPortfolio(owner.headers, 'id,lat,lon\nA,30,-97\n');
    await waitForStatus(owner.headers, id, 'zfire', 'READY');
    const up = await upload(owner.headers, 'x.csv', 'id,lat,lon\nA,30,-97\n');
    const { headers, org } = await createMember(app, db);
    const base = `/api/caribou/portfolio/${id}`;
    const calls: [string, string, unknown?][] = [
      ['GET', `${base}/metadata`],
      ['GET', `${base}/properties`],
      ['GET', `${base}/errors?page=1&itemsPerPage=25&product=zfire`],
      ['GET', `${base}/autocomplete?q=A`],
      ['GET', `${base}/raw`],
      ['GET', `${base}/property/1/zfire`],
      ['GET', `${base}/product/zfire/export`],
      ['PUT', `${base}/product/zfire/export`, { data: { columns: ['id'] } }],
      ['PUT', `${base}/product/zfire/update_export`],
      ['PUT', `${base}/product/zfire/rerun_portfolio`],
      ['PATCH', base, { name: 'mine now' }],
      ['PATCH', `${base}/product/zfire/status`, { status: 'PROCESSED' }],
      ['DELETE', `${base}/product/zfire`],
      ['POST', `/api/caribou/portfolios/${id}/product/zhail`, { organizationId: org.id }],
      ['GET', `/api/caribou/portfolio/uploads/${up.json().uploadedFileName}/check`],
      ['GET', `${base}/map?product=zfire`],
      ['GET', `${base}/tiles/0/0/0.pbf?product=zfire`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const create = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolios',
      headers,
      payload: { name: 'steal', products: 'zfire', uploadedFileName: up.json().uploadedFileName },
    });
    expect(create.statusCode).toBe(404);
    const list = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolios?organization=${owner.org.id}`,
      headers,
    });
    expect(list.json().portfolios).toEqual([]);
    // And nothing changed for the owner.
    const meta = await app.inject({ method: 'GET', url: `${base}/metadata`, headers: owner.headers });
    expect(meta.json()).toMatchObject({ name: expect.stringMatching(/^Book/), products: [{ status: 'READY' }] });
  });

  it('lists every organisation only for an internal admin who sends the role-group header', async () => {
    const first = await createMember(app, db);
    const second = await createMember(app, db);
    const a = await createPortfolio(first.headers, 'id,lat,lon\nA,30,-97\n', { name: 'First org book' });
    const b = await createPortfolio(second.headers, 'id,lat,lon\nA,30,-97\n', { name: 'Second org book' });
    const admin = await createMember(app, db, { internalAdmin: true });
    const roleGroup = { [PORTFOLIO_ROLE_GROUP_HEADER]: INTERNAL_ADMIN_ROLE_GROUP };
    const ids = async (headers: Headers) => {
      const res = await app.inject({ method: 'GET', url: '/api/caribou/portfolios?itemsPerPage=500', headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().portfolios.map((p: { id: number }) => p.id) as number[];
    };
    // With the header: both organisations' portfolios, with their organisation names.
    const all = await ids({ ...admin.headers, ...roleGroup });
    expect(all).toEqual(expect.arrayContaining([a, b]));
    const listed = await app.inject({
      method: 'GET',
      url: '/api/caribou/portfolios?itemsPerPage=500',
      headers: { ...admin.headers, ...roleGroup },
    });
    expect(listed.json().portfolios.find((p: { id: number }) => p.id === b).organizationName).toBe(second.org.name);
    const filters = await app.inject({
      method: 'GET',
      url: '/api/caribou/portfolios/metadata',
      headers: { ...admin.headers, ...roleGroup },
    });
    expect(filters.json().filters.organization.map((o: { value: number }) => o.value)).toEqual(
      expect.arrayContaining([first.org.id, second.org.id]),
    );
    // Without it, the admin sees its own organisation only; a member's header changes nothing.
    expect(await ids(admin.headers)).not.toContain(a);
    expect(await ids({ ...first.headers, ...roleGroup })).toEqual([a]);
    const memberFilters = await app.inject({
      method: 'GET',
      url: '/api/caribou/portfolios/metadata',
      headers: { ...first.headers, ...roleGroup },
    });
    expect(memberFilters.json().filters.organization).toEqual([{ value: first.org.id, display: first.org.name }]);
    // Naming an organisation narrows the admin's list to it.
    const narrowed = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolios?organization=${second.org.id}`,
      headers: { ...admin.headers, ...roleGroup },
    });
    expect(narrowed.json().portfolios.map((p: { id: number }) => p.id)).toEqual([b]);
  });

  it('requires a signed-in actor and a portfolio product', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/caribou/portfolios' })).statusCode).toBe(401);
    const { headers } = await createMember(app, db, { products: ['zfire'] });
    expect((await app.inject({ method: 'GET', url: '/api/caribou/portfolios', headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/caribou/jobs', headers })).statusCode).toBe(403);
  });
});

describe('jobs administration', () => {
  it('lets internal admins list, suspend and resume runs', async () => {
    const { headers, org } = await createMember(app, db);
    const admin = await createMember(app, db, { internalAdmin: true });
    const id = await createPortfolio(headers, 'id,lat,lon\nA,30,-97\n');
    await waitForStatus(headers, id, 'zfire', 'READY');
    const list = await app.inject({ method: 'GET', url: '/api/caribou/jobs?filter=complete', headers: admin.headers });
    // The run's job (its ingest and its analysis are listed beside it).
    const job = list
      .json()
      .jobs.find((j: { portfolioId: number; type: string }) => j.portfolioId === id && j.type === 'portfolio-run');
    // The owner is named, not only numbered: the panel lists every organisation's runs.
    expect(job).toMatchObject({
      state: 'complete',
      product: 'zfire',
      progress: { committed: 1, total: 1 },
      organizationId: org.id,
      organizationName: org.name,
    });
    expect(
      (await app.inject({ method: 'POST', url: `/api/caribou/jobs/${job.id}/suspend`, headers: admin.headers }))
        .statusCode,
    ).toBe(409);
    const meta = await app.inject({ method: 'GET', url: '/api/caribou/jobs/metadata', headers: admin.headers });
    expect(meta.json().counts.complete).toBeGreaterThan(0);
  });
});

describe('upload size limit', () => {
  it('answers 413 with a clear message for a file over the limit', async () => {
    const { headers } = await createMember(small.app, small.db);
    const body = multipart('big.csv', `id,lat,lon\n${'A,30,-97\n'.repeat(400)}`);
    const res = await small.app.inject({
      method: 'POST',
      url: '/api/caribou/portfolio/csv',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toContain('larger than the');
  });
});
