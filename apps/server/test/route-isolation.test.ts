import { PORTFOLIO_FEATURE, STANDARD_PRODUCTS } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/**
 * Organisation isolation, asked of EVERY registered /api route (not a hand-kept list): without a
 * token nothing answers; a user of another organisation cannot act for this one; and ids of this
 * organisation's objects used from another organisation lead nowhere.
 */
const { app, db } = await useTestApp();
const products = [
  ...STANDARD_PRODUCTS,
  ...Object.values(PORTFOLIO_FEATURE),
  'building_permits',
  'ibhs',
  'oblique-imagery',
  'self_serve_billing',
];
const home = await createOrganization(db, { name: 'Home Secret Mutual', products });
const foreign = await createOrganization(db, { name: 'Foreign Org', products });
const homeAdmin = await createUser(db, { org: home, role: 'admin' });
const foreignAdmin = await createUser(db, { org: foreign, role: 'admin' });
const homeHeaders = await authHeader(app, homeAdmin);
const foreignHeaders = await authHeader(app, foreignAdmin);

function multipart(fileName: string, content: string) {
  const boundary = '----zviewtest';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// One portfolio of the home organisation, made through the API.
const upload = multipart('home.csv', 'id,latitude,longitude\nA-1,37.69,-97.33\nA-2,37.70,-97.34\n');
const uploaded = await app.inject({
  method: 'POST',
  url: '/api/caribou/portfolio/csv',
  payload: upload.payload,
  headers: { ...homeHeaders, ...upload.headers },
});
expect(uploaded.statusCode, uploaded.body).toBe(201);
const uploadName: string = uploaded.json().uploadedFileName;
const created = await app.inject({
  method: 'POST',
  url: '/api/caribou/portfolios',
  headers: homeHeaders,
  payload: { name: 'Home Secret Portfolio', products: 'zfire', uploadedFileName: uploadName },
});
expect(created.statusCode, created.body).toBe(201);
const portfolioId = String(created.json()[0].portfolioId ?? created.json()[0].id);

const routes = app.registeredRoutes.filter(
  (r) => r.url.startsWith('/api/') && r.policy !== 'public' && r.method !== 'HEAD',
);
/** Routes whose path names an object owned by an organisation. */
const ownsObject = (url: string) =>
  /:(id|batch|name)\b/.test(url) && !url.includes('/jobs/') && !url.includes('/identity/');

function concrete(url: string) {
  return url
    .replace(':batch', portfolioId)
    .replace(':id', portfolioId)
    .replace(':name', uploadName)
    .replace(':product', 'zfire')
    .replace(':property', '1')
    .replace(/:p\b/, 'zfire')
    .replace(':captureId', 'cap-x')
    .replace(':file', 'x.png')
    .replace(':z', '18')
    .replace(':x', '1')
    .replace(':y', '1');
}

const bodyFor = (method: string) => (method === 'GET' || method === 'DELETE' ? {} : { payload: {} });

describe('every /api route', () => {
  it('has routes to check', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  for (const route of routes) {
    it(`${route.method} ${route.url}: no token → 401`, async () => {
      const res = await app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        ...bodyFor(route.method),
      });
      expect(res.statusCode, res.body).toBe(401);
    });

    it(`${route.method} ${route.url}: another organisation's user acting for this one → 404, nothing leaked`, async () => {
      const url = concrete(route.url);
      const res = await app.inject({
        method: route.method as 'GET',
        url: `${url}${url.includes('?') ? '&' : '?'}target_organization_id=${home.id}`,
        headers: foreignHeaders,
        ...bodyFor(route.method),
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain('Home Secret');
    });

    if (ownsObject(route.url)) {
      it(`${route.method} ${route.url}: this organisation's ids from another organisation → refused`, async () => {
        const res = await app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: foreignHeaders,
          ...bodyFor(route.method),
        });
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
        expect(res.body).not.toContain('Home Secret');
      });
    }
  }

  it('the owner does reach the portfolio (so the refusals above are not vacuous)', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${portfolioId}/metadata`,
      headers: homeHeaders,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Home Secret Portfolio');
  });
});
