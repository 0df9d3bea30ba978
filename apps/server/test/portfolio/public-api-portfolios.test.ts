import {
  apiKeyCreatedSchema,
  portfolioMetadataSchema,
  portfolioProductStubsSchema,
  problemSchema,
  propertiesPageSchema,
  uploadResultSchema,
} from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../factories.js';
import { createMember, multipart, usePortfolioTestApp, waitFor } from './app.js';

/** Batch work through /v1 with an API key: the portfolio tool's own commands, for the key's organisation only. */
const { app, db } = await usePortfolioTestApp();

async function keyOf(orgId: number) {
  const admin = await createUser(db, { org: { id: orgId }, role: 'admin' });
  const res = await app.inject({
    method: 'POST',
    url: '/api/user-management/api-keys',
    headers: await authHeader(app, admin),
    payload: { name: 'Batch' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { authorization: `Bearer ${apiKeyCreatedSchema.parse(res.json()).key}` };
}

const csv = [
  'policy,address,lat,lon',
  'A-1,1 Main St,30.1,-97.7',
  'A-2,2 Oak Ave,30.2,-97.6',
  'A-3,3 Elm Rd,30.3,-97.5',
].join('\n');

describe('/v1 portfolios', () => {
  it('uploads, creates, follows, pages and exports a portfolio; another organisation’s key gets 404 for all of it', async () => {
    const mine = await createMember(app, db);
    const theirs = await createMember(app, db);
    const headers = await keyOf(mine.org.id);
    const foreign = await keyOf(theirs.org.id);

    const body = multipart('book.csv', csv);
    const up = await app.inject({
      method: 'POST',
      url: '/v1/portfolios/uploads',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const { uploadedFileName } = uploadResultSchema.parse(up.json());

    // Another organisation cannot use the upload either.
    const stolen = await app.inject({
      method: 'POST',
      url: '/v1/portfolios',
      headers: foreign,
      payload: { name: 'Stolen', products: 'zfire', uploadedFileName },
    });
    expect(stolen.statusCode).toBe(404);

    const created = await app.inject({
      method: 'POST',
      url: '/v1/portfolios',
      headers,
      payload: { name: 'Via API', products: 'zfire', uploadedFileName },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = portfolioProductStubsSchema.parse(created.json())[0]!.portfolioId;

    const ready = await waitFor(
      async () => {
        const res = await app.inject({ method: 'GET', url: `/v1/portfolios/${id}`, headers });
        const meta = portfolioMetadataSchema.parse(res.json());
        return meta.products.some((p) => p.status === 'READY') ? meta : null;
      },
      60_000,
      'READY',
    );
    expect(ready.name).toBe('Via API');

    const page = await app.inject({
      method: 'GET',
      url: `/v1/portfolios/${id}/results?product=zfire&itemsPerPage=2`,
      headers,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(propertiesPageSchema.parse(page.json()).properties.length).toBe(2);

    const exported = await app.inject({ method: 'GET', url: `/v1/portfolios/${id}/products/zfire/export`, headers });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body).toContain('A-3');

    for (const url of [
      `/v1/portfolios/${id}`,
      `/v1/portfolios/${id}/results`,
      `/v1/portfolios/${id}/products/zfire/export`,
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: foreign });
      expect(res.statusCode, url).toBe(404);
      expect(problemSchema.parse(res.json()).code).toBe('not_found');
      expect(res.body).not.toContain('Via API');
    }
  });

  it('refuses portfolio calls when the key does not allow the portfolio products', async () => {
    const mine = await createMember(app, db);
    const admin = await createUser(db, { org: mine.org, role: 'admin' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/user-management/api-keys',
      headers: await authHeader(app, admin),
      payload: { name: 'Hail only', products: ['zhail-portfolio'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const headers = { 'x-api-key': apiKeyCreatedSchema.parse(res.json()).key };
    const refused = await app.inject({ method: 'GET', url: '/v1/portfolios/1', headers });
    expect(refused.statusCode).toBe(403);
    expect(problemSchema.parse(refused.json()).code).toBe('forbidden');
  });
});
