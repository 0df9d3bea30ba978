import fc from 'fast-check';
import { PORTFOLIO_FEATURE, STANDARD_PRODUCTS } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/**
 * Fuzz over EVERY registered /api route (issue 12 item 6): strings with NUL and other control
 * characters, absurd numbers and wrong types in path parameters, query parameters and JSON
 * bodies never answer 5xx; a control character in a text input answers 400.
 */
const { app, db } = await useTestApp();
const products = [
  ...STANDARD_PRODUCTS,
  ...Object.values(PORTFOLIO_FEATURE),
  'building_permits',
  'ibhs',
  'oblique-imagery',
  'self_serve_billing',
  'appeals',
];
const org = await createOrganization(db, { name: 'Fuzz Org', products });
const staff = await authHeader(app, await createUser(db, { internalAdmin: true, org, role: 'admin' }));
const admin = await authHeader(app, await createUser(db, { org, role: 'admin' }));

// One real portfolio, so routes get past "not found" to their other parameters.
const boundary = '----fuzz';
const csv = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fuzz.csv"\r\nContent-Type: text/csv\r\n\r\nid,latitude,longitude\nA-1,37.69,-97.33\n\r\n--${boundary}--\r\n`;
const uploaded = await app.inject({
  method: 'POST',
  url: '/api/caribou/portfolio/csv',
  payload: csv,
  headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
});
const uploadName: string = uploaded.json().uploadedFileName;
const created = await app.inject({
  method: 'POST',
  url: '/api/caribou/portfolios',
  headers: admin,
  payload: { name: 'Fuzz Portfolio', products: 'zfire', uploadedFileName: uploadName },
});
const portfolioId = String(created.json()[0].portfolioId ?? created.json()[0].id);

const routes = app.registeredRoutes.filter(
  (r) => r.url.startsWith('/api/') && r.policy !== 'public' && r.method !== 'HEAD' && r.method !== 'OPTIONS',
);
const CONTROL = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u001b', '\u007f'];

/** Text with at least one control character somewhere. */
const controlText = fc
  .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 12 }))
  .map(([a, c, b]) => `${a}${c}${b}`);
const anyValue = fc.oneof(
  controlText,
  fc.string({ maxLength: 30 }),
  fc.constantFrom('-1', '1e309', '99999999999999999999', 'NaN', '[]', '{}', 'null', '%00', '..%2F..%2Fetc'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const QUERY_KEYS = [
  'product',
  'products',
  'q',
  'search',
  'location',
  'location_type',
  'page',
  'itemsPerPage',
  'status',
  'date',
  'bbox',
  'as_of',
  'provider',
  'organization',
  'filter',
  'sig',
  'exp',
];
const BODY_KEYS = [
  'name',
  'description',
  'products',
  'uploadedFileName',
  'userIds',
  'userId',
  'email',
  'profile',
  'role',
  'status',
  'data',
  'organizationId',
  'portfolioName',
  'batch',
  'events',
];

/** Path parameters: all fuzzed, or the real portfolio's ids with the others fuzzed. */
function concrete(url: string, value: string, realIds: boolean) {
  return url.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    if (realIds && (name === 'id' || name === 'batch')) return portfolioId;
    if (realIds && name === 'name') return uploadName;
    return encodeURIComponent(value);
  });
}

describe('fuzzed input on every /api route never answers 5xx', () => {
  it('has routes to fuzz', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  for (const route of routes) {
    it(`${route.method} ${route.url}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          controlText,
          fc.dictionary(fc.constantFrom(...QUERY_KEYS), anyValue, { maxKeys: 4 }),
          fc.dictionary(fc.constantFrom(...BODY_KEYS), anyValue, { maxKeys: 5 }),
          fc.boolean(),
          fc.boolean(),
          async (param, query, body, asStaff, realIds) => {
            const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
            const url = `${concrete(route.url, param, realIds)}${search ? `?${search}` : ''}`;
            const res = await app.inject({
              method: route.method as 'GET',
              url,
              headers: asStaff ? staff : admin,
              ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: body }),
            });
            if (res.statusCode >= 500)
              throw new Error(
                `${route.method} ${JSON.stringify(url)} ${JSON.stringify(body)} → ${res.statusCode} ${res.body.slice(0, 300)}`,
              );
          },
        ),
        { numRuns: 16, seed: 12 },
      );
    });
  }

  it('a control character in a text input answers 400 with a clear message', async () => {
    const cases: [string, string, unknown?][] = [
      ['GET', '/api/caribou/portfolios?product=zfire%00'],
      ['GET', '/api/caribou/portfolios?search=a%00b'],
      ['GET', '/api/caribou/property/autocomplete?q=12%00Main'],
      ['GET', '/api/caribou/v3/property/assessment/zview?location=1427%20Wheatland%00&location_type=address'],
      ['DELETE', '/api/identity/saml-idps/abc%00def'],
      ['POST', '/api/user-management/user/me', { profile: { firstName: 'A\u0000', lastName: 'B' } }],
      ['POST', '/api/caribou/portfolios', { name: 'x\u0001y', products: 'zfire', uploadedFileName: 'a.csv' }],
    ];
    for (const [method, url, payload] of cases) {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: staff,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
      expect(res.json().error.message, url).toMatch(/control character/i);
    }
  });

  it('an uploaded file name with control characters answers 400', async () => {
    const boundary = '----fuzz';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000b\u0007.csv"\r\nContent-Type: text/csv\r\n\r\nid,latitude,longitude\n1,37.69,-97.33\n\r\n--${boundary}--\r\n`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolio/csv',
      payload,
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(/control character/i);
  });
});
