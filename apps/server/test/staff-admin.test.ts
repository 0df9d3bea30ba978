import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/**
 * Staff administration (issue 15): /api/zauth-customer, /api/caribou/organizations and
 * /api/caribou/mocks. Only internal admins reach them; every write leaves an audit entry.
 */
const { app, db } = await useTestApp();
const home = await createOrganization(db, { name: 'Staff Test Home', products: ['zfire', 'zproperty'] });
const trialOrg = await createOrganization(db, { name: 'Staff Test Trial', products: ['zfire'], isTrial: true });
const staff = await createUser(db, { internalAdmin: true, email: `staff-${Date.now()}@zview.test` });
const staffHeaders = await authHeader(app, staff);
const member = await createUser(db, { org: home, firstName: 'Mia', lastName: 'Member' });

const refused = {
  ordinary: await authHeader(app, await createUser(db, { org: home })),
  groupAdmin: await authHeader(app, await createUser(db, { org: home, role: 'admin' })),
  trialAdmin: await authHeader(app, await createUser(db, { org: trialOrg, role: 'admin' })),
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
  app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const asStaff = (method: Method, url: string, payload?: unknown) => call(method, url, staffHeaders, payload);

async function auditOf(organizationId: number | null) {
  const query = db.selectFrom('audit_log').selectAll().orderBy('id');
  return (
    organizationId === null
      ? query.where('organization_id', 'is', null)
      : query.where('organization_id', '=', organizationId)
  ).execute();
}

/** A valid mock payload: an assessment answer. */
const PAYLOAD = {
  location: {
    locationType: 'address',
    input: '1 Mock St, Testville, KS 67203',
    propertyId: null,
    address: null,
    point: { lat: 37.7, lng: -97.3 },
    precision: 'rooftop',
    confidence: 1,
    h3Index: '872a1072bffffff',
    parcel: null,
    buildings: [],
  },
  asOf: '2026-01-01',
  availableDates: [],
  products: {},
  imagery: { ortho: [], oblique: [], comparison: null },
  sampleData: true,
};

describe('every staff route is refused to other roles', () => {
  it('answers 403 or 404 with no data to an ordinary user, a group admin and a trial admin', async () => {
    const customer = (
      await asStaff('POST', '/zauth-customer/customers', { name: 'Refusal Target', products: ['zfire'] })
    ).json<{ id: number }>();
    const response = (
      await asStaff('POST', '/caribou/mocks/responses', { name: 'refusal-mock', payload: PAYLOAD })
    ).json<{ id: number }>();
    const staffRoutes = app.registeredRoutes.filter(
      (r) =>
        r.method !== 'HEAD' &&
        (r.url.startsWith('/api/zauth-customer') ||
          r.url.startsWith('/api/caribou/organizations') ||
          (r.url.startsWith('/api/caribou/mocks') && !r.url.endsWith('/addresses'))),
    );
    expect(staffRoutes.length).toBeGreaterThanOrEqual(25);
    for (const route of staffRoutes) {
      const url = route.url
        .replace(':id/', `${customer.id}/`)
        .replace(/:id$/, String(route.url.includes('mocks') ? response.id : customer.id))
        .replace(':productId', 'zhail')
        .replace(':userId', member.id)
        .replace(':mockResponseId', String(response.id));
      const body =
        route.method === 'GET' || route.method === 'DELETE'
          ? undefined
          : {
              name: 'Hijacked',
              organizationName: 'Hijacked',
              ids: [home.id],
              userId: member.id,
              enabled: true,
              productId: 'zhail',
              payload: PAYLOAD,
              user: { email: 'x@y.test' },
            };
      for (const [role, headers] of Object.entries(refused)) {
        const res = await call(
          route.method as Method,
          `${url.slice('/api'.length)}${route.url.includes('cases/:') ? '?location=a&location_type=address&products=zfire' : ''}`,
          headers,
          body,
        );
        expect([403, 404], `${role} ${route.method} ${route.url}`).toContain(res.statusCode);
        expect(Object.keys(res.json<Record<string, unknown>>()), `${role} ${route.method} ${route.url}`).toEqual([
          'error',
        ]);
      }
    }
    // Nothing changed.
    expect((await asStaff('GET', `/zauth-customer/customers/${customer.id}`)).json()).toMatchObject({
      name: 'Refusal Target',
      products: ['zfire'],
    });
    expect(
      (await db.selectFrom('organizations').select('name').where('id', '=', home.id).executeTakeFirstOrThrow()).name,
    ).toBe('Staff Test Home');
  });

  it('lets every signed-in user read the mock addresses', async () => {
    for (const headers of Object.values(refused))
      expect((await call('GET', '/caribou/mocks/addresses', headers)).statusCode).toBe(200);
  });
});

describe('customers', () => {
  it('20 parallel creates of one name make one customer; the others answer 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        asStaff('POST', '/zauth-customer/customers', { name: 'Raced Mutual', products: ['zfire'] }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await db.selectFrom('organizations').select('id').where('name', '=', 'Raced Mutual').execute();
    expect(rows).toHaveLength(1);
  });

  it('creates, finds (search, sort, paging), reads and updates a customer, auditing each write', async () => {
    const created = await asStaff('POST', '/zauth-customer/customers', {
      name: 'Prairie Test Mutual',
      contactEmail: 'Ops@Prairie.test',
      products: ['zfire', 'zhail'],
    });
    expect(created.statusCode).toBe(201);
    const customer = created.json<{ id: number; products: string[]; contactEmail: string }>();
    expect(customer).toMatchObject({ products: ['zfire', 'zhail'], contactEmail: 'ops@prairie.test', userCount: 0 });
    expect((await asStaff('POST', '/zauth-customer/customers', { name: 'prairie test mutual' })).statusCode).toBe(409);

    const found = (
      await asStaff(
        'GET',
        '/zauth-customer/customers?search=prairie%20test&sort=name&order=desc&page=1&itemsPerPage=10',
      )
    ).json<{ results: { id: number }[]; total: number }>();
    expect(found.results.map((c) => c.id)).toEqual([customer.id]);
    expect(found.total).toBe(1);
    const paged = (await asStaff('GET', '/zauth-customer/customers?sort=id&order=asc&page=2&itemsPerPage=1')).json<{
      results: { id: number }[];
      total: number;
      page: number;
    }>();
    expect(paged.results).toHaveLength(1);
    expect(paged.page).toBe(2);
    expect(paged.total).toBeGreaterThanOrEqual(3);
    const meta = (await asStaff('GET', '/zauth-customer/customers/metadata')).json<{
      total: number;
      trial: number;
      products: { product: string; count: number }[];
    }>();
    expect(meta.trial).toBeGreaterThanOrEqual(1);
    expect(meta.products.find((p) => p.product === 'zhail')?.count).toBeGreaterThanOrEqual(1);

    const updated = await asStaff('PUT', `/zauth-customer/customers/${customer.id}`, {
      notes: 'Renewal in March',
      accountManager: 'Sam',
    });
    expect(updated.json()).toMatchObject({
      name: 'Prairie Test Mutual',
      notes: 'Renewal in March',
      accountManager: 'Sam',
    });

    const audit = await auditOf(customer.id);
    expect(audit.map((a) => a.action)).toEqual(['customer.created', 'customer.updated']);
    expect(audit[1]).toMatchObject({
      actor_user_id: staff.id,
      subject: String(customer.id),
      before: expect.objectContaining({ notes: null }),
      after: expect.objectContaining({ notes: 'Renewal in March', accountManager: 'Sam' }),
    });
    expect(audit[1]!.at).toBeInstanceOf(Date);
  });

  it('refuses bad input with a 400 naming the field, never a 500', async () => {
    const bad = [
      ['POST', '/zauth-customer/customers', { name: 'Nul\u0000Co' }],
      ['POST', '/zauth-customer/customers', { name: '' }],
      ['POST', '/zauth-customer/customers', { name: 'X', products: ['nope'] }],
      ['POST', '/zauth-customer/customers', { name: 'X', contactEmail: 'not-an-email' }],
      ['PUT', `/zauth-customer/customers/${home.id}`, {}],
      ['GET', '/zauth-customer/customers?itemsPerPage=100000', undefined],
      ['GET', '/zauth-customer/customers?sort=password', undefined],
      ['GET', '/zauth-customer/customers/99999999999999', undefined],
      ['PUT', `/zauth-customer/customers/${home.id}/products/zhail`, { enabled: 'yes' }],
      [
        'PUT',
        `/zauth-customer/customers/${home.id}/products/zhail`,
        { enabled: true, startDate: '2026-05-01', endDate: '2026-04-01' },
      ],
      [
        'PUT',
        `/zauth-customer/customers/${home.id}/products/zhail`,
        { enabled: true, agreement: { contractStart: '2026-01-01', committedAnnualVolume: 1e300 } },
      ],
      [
        'PUT',
        `/zauth-customer/customers/${home.id}/products/appeals`,
        { enabled: true, agreement: { contractStart: '2026-01-01', committedAnnualVolume: 10 } },
      ],
      ['GET', `/zauth-customer/customers/${home.id}/products/not-a-product`, undefined],
      ['POST', '/zauth-customer/organizations/names', { ids: ['x'] }],
    ] as const;
    for (const [method, url, body] of bad) {
      const res = await asStaff(method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message.length).toBeGreaterThan(3);
    }
    expect((await asStaff('GET', '/zauth-customer/customers/424242')).statusCode).toBe(404);
  });

  it('switches products with dates and agreements; organizations.products is the effective set', async () => {
    const org = await createOrganization(db, { name: 'Switch Co', products: ['zfire', 'self_serve_billing'] });
    const products = (await asStaff('GET', `/zauth-customer/customers/${org.id}/products`)).json<{
      products: { productId: string; enabled: boolean; effective: boolean; billable: boolean }[];
    }>().products;
    expect(products.find((p) => p.productId === 'zfire')).toMatchObject({
      enabled: true,
      effective: true,
      billable: true,
    });
    expect(products.find((p) => p.productId === 'zhail')).toMatchObject({ enabled: false, effective: false });

    const on = await asStaff('PUT', `/zauth-customer/customers/${org.id}/products/zhail`, {
      enabled: true,
      agreement: { contractStart: '2026-01-01', committedAnnualVolume: 50000, billReruns: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      productId: 'zhail',
      enabled: true,
      effective: true,
      agreement: { contractStart: '2026-01-01', contractEnd: null, committedAnnualVolume: 50000, billReruns: true },
    });
    const effective = async () =>
      (await db.selectFrom('organizations').select('products').where('id', '=', org.id).executeTakeFirstOrThrow())
        .products;
    expect(await effective()).toEqual(['zfire', 'zhail', 'self_serve_billing']);
    const agreement = await db
      .selectFrom('agreements')
      .selectAll()
      .where('organization_id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect({ ...agreement, committed_annual_volume: Number(agreement.committed_annual_volume) }).toMatchObject({
      product: 'zhail',
      committed_annual_volume: 50000,
      bill_reruns: true,
    });

    // A start date in the future: switched on, not yet effective.
    const later = await asStaff('POST', `/zauth-customer/customers/${org.id}/products`, {
      productId: 'zwind',
      enabled: true,
      startDate: '2099-01-01',
    });
    expect(later.statusCode).toBe(201);
    expect(later.json()).toMatchObject({ enabled: true, effective: false, startDate: '2099-01-01' });
    expect(await effective()).not.toContain('zwind');
    // An end date in the past: no longer effective.
    await asStaff('PUT', `/zauth-customer/customers/${org.id}/products/zfire`, {
      enabled: true,
      startDate: '2020-01-01',
      endDate: '2021-01-01',
    });
    expect(await effective()).toEqual(['zhail', 'self_serve_billing']);

    // Off, and the agreement removed.
    await asStaff('PUT', `/zauth-customer/customers/${org.id}/products/zhail`, { enabled: false, agreement: null });
    expect(await effective()).toEqual(['self_serve_billing']);
    expect(await db.selectFrom('agreements').selectAll().where('organization_id', '=', org.id).execute()).toEqual([]);
    expect((await asStaff('GET', `/zauth-customer/customers/${org.id}/products/zhail`)).json()).toMatchObject({
      enabled: false,
      agreement: null,
    });

    const audit = await auditOf(org.id);
    expect(audit.map((a) => [a.action, a.subject])).toEqual([
      ['customer.product_updated', 'zhail'],
      ['customer.product_added', 'zwind'],
      ['customer.product_updated', 'zfire'],
      ['customer.product_updated', 'zhail'],
    ]);
    expect(audit[0]).toMatchObject({
      before: expect.objectContaining({ enabled: false, agreement: null }),
      after: expect.objectContaining({ enabled: true }),
    });
    expect(audit[3]).toMatchObject({
      before: expect.objectContaining({
        enabled: true,
        agreement: expect.objectContaining({ committedAnnualVolume: 50000 }),
      }),
    });
  });

  it('lists, adds (existing user or invitation) and revokes users, auditing each', async () => {
    const org = await createOrganization(db, { name: 'Users Co', products: ['zfire'] });
    const existing = await createUser(db, { org: home, email: `existing-${Date.now()}@example.test` });

    const added = await asStaff('PUT', `/zauth-customer/customers/${org.id}/users/${existing.id}/add-access`, {
      user: { email: existing.email, role: 'admin' },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ invited: false, user: { id: existing.id, role: 'admin', status: 'active' } });
    expect(
      (
        await asStaff('PUT', `/zauth-customer/customers/${org.id}/users/${existing.id}/add-access`, {
          user: { email: existing.email },
        })
      ).statusCode,
    ).toBe(409);

    const email = `invitee-${Date.now()}@example.test`;
    const invited = await asStaff('PUT', `/zauth-customer/customers/${org.id}/users/new/add-access`, {
      user: { email, firstName: 'Ivy', lastName: 'Invitee' },
    });
    expect(invited.json()).toMatchObject({ invited: true, user: { email, role: 'member' } });
    expect(await db.selectFrom('outbox').select('kind').where('recipient', '=', email).execute()).toEqual([
      { kind: 'invitation' },
    ]);
    expect(
      (
        await asStaff('PUT', `/zauth-customer/customers/${org.id}/users/new/add-access`, {
          user: { email: `x-${email}` },
        })
      ).statusCode,
    ).toBe(400);

    const users = (await asStaff('GET', `/zauth-customer/customers/${org.id}/users`)).json<{
      users: { email: string }[];
    }>().users;
    expect(users.map((u) => u.email).sort()).toEqual([existing.email, email].sort());
    expect((await asStaff('GET', `/zauth-customer/customers/${org.id}/users/${existing.id}`)).json()).toMatchObject({
      email: existing.email,
    });
    // A user of another customer is not this customer's.
    expect((await asStaff('GET', `/zauth-customer/customers/${org.id}/users/${member.id}`)).statusCode).toBe(404);

    expect(
      (
        await asStaff('PUT', `/zauth-customer/customers/${org.id}/users/${existing.id}/revoke-access`, {
          userId: member.id,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await asStaff('PUT', `/zauth-customer/customers/${org.id}/users/${existing.id}/revoke-access`, {
          userId: existing.id,
        })
      ).statusCode,
    ).toBe(200);
    expect((await asStaff('GET', `/zauth-customer/customers/${org.id}/users/${existing.id}`)).statusCode).toBe(404);
    // Their membership of the other organisation stays.
    expect((await call('GET', '/organization', await authHeader(app, existing))).json()).toMatchObject({
      organizations: [{ id: home.id }],
    });

    const audit = await auditOf(org.id);
    expect(audit.map((a) => [a.action, a.subject])).toEqual([
      ['customer.user_access_added', existing.id],
      ['customer.user_invited', expect.any(String)],
      ['customer.user_access_revoked', existing.id],
    ]);
    expect(audit[2]).toMatchObject({
      actor_user_id: staff.id,
      before: expect.objectContaining({ role: 'admin', status: 'active' }),
      after: expect.objectContaining({ status: 'deleted' }),
    });
  });

  it('shows the history and downloads it as CSV', async () => {
    const customer = (await asStaff('POST', '/zauth-customer/customers', { name: 'History, "Quoted" Co' })).json<{
      id: number;
    }>();
    await asStaff('PUT', `/zauth-customer/customers/${customer.id}`, { notes: '=cmd|calc' });
    const history = (await asStaff('GET', `/zauth-customer/customers/${customer.id}/audit`)).json<{
      entries: { action: string; actorEmail: string }[];
      total: number;
    }>();
    expect(history.total).toBe(2);
    expect(history.entries.map((e) => e.action)).toEqual(['customer.updated', 'customer.created']);
    expect(history.entries[0]!.actorEmail).toBe(staff.email);
    const csv = await asStaff('GET', `/zauth-customer/customers/${customer.id}/audit.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`customer_${customer.id}_history.csv`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('at,actor,action,subject,before,after');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('customer.updated');
    expect(lines[1]).toContain('""notes"":""=cmd|calc""');
  });

  it('names organisations, lists their ids and renames (false on failure)', async () => {
    expect(
      (await asStaff('POST', '/zauth-customer/organizations/names', { ids: [home.id, trialOrg.id, 987654] })).json(),
    ).toEqual({
      organizations: [
        { id: home.id, name: 'Staff Test Home' },
        { id: trialOrg.id, name: 'Staff Test Trial' },
      ],
    });
    expect(
      (await asStaff('GET', '/caribou/organizations')).json<{ organizationIds: number[] }>().organizationIds,
    ).toEqual(expect.arrayContaining([home.id, trialOrg.id]));
    const org = await createOrganization(db, { name: 'Rename Me' });
    expect((await asStaff('POST', `/caribou/organizations/${org.id}`, { organizationName: 'Renamed Co' })).json()).toBe(
      true,
    );
    expect(
      (await db.selectFrom('organizations').select('name').where('id', '=', org.id).executeTakeFirstOrThrow()).name,
    ).toBe('Renamed Co');
    expect((await auditOf(org.id)).map((a) => a.action)).toEqual(['customer.updated']);
    expect((await asStaff('POST', '/caribou/organizations/987654', { organizationName: 'Nobody' })).json()).toBe(false);
    expect(
      (await asStaff('POST', `/caribou/organizations/${org.id}`, { organizationName: 'Staff Test Home' })).json(),
    ).toBe(false);
    expect((await asStaff('POST', `/caribou/organizations/${org.id}`, { organizationName: '' })).json()).toBe(false);
  });
});

describe('mock responses and cases', () => {
  it('validates the payload against the assessment schema and names the bad field', async () => {
    const res = await asStaff('POST', '/caribou/mocks/responses', {
      name: 'broken',
      payload: { ...PAYLOAD, location: { ...PAYLOAD.location, point: { lat: 'north', lng: -97 } } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toContain('payload.location.point.lat');
    expect((await asStaff('POST', '/caribou/mocks/responses', { name: 'no payload' })).statusCode).toBe(400);
  });

  it('creates, updates, lists and deletes responses and cases, auditing each write', async () => {
    const before = (await auditOf(null)).length;
    const created = await asStaff('POST', '/caribou/mocks/responses', { name: 'high hail', payload: PAYLOAD });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    expect(
      (await asStaff('POST', '/caribou/mocks/responses', { name: 'high hail', payload: PAYLOAD })).statusCode,
    ).toBe(409);
    await asStaff('PUT', `/caribou/mocks/responses/${id}`, {
      name: 'high hail v2',
      payload: { ...PAYLOAD, asOf: '2026-02-02' },
    });
    expect((await asStaff('GET', `/caribou/mocks/responses/${id}`)).json()).toMatchObject({
      name: 'high hail v2',
      payload: { asOf: '2026-02-02' },
    });

    const mockCase = {
      location: '-97.3,37.7',
      location_type: 'coordinates',
      apiVersion: 'v3',
      mockResponseId: id,
      products: ['zhail', 'zfire'],
    };
    expect((await asStaff('POST', '/caribou/mocks/cases', mockCase)).statusCode).toBe(201);
    expect((await asStaff('POST', '/caribou/mocks/cases', mockCase)).statusCode).toBe(409);
    expect((await asStaff('POST', '/caribou/mocks/cases', { ...mockCase, location: 'somewhere' })).statusCode).toBe(
      400,
    );
    expect((await asStaff('POST', '/caribou/mocks/cases', { ...mockCase, mockResponseId: 999999 })).statusCode).toBe(
      404,
    );
    const cases = (await asStaff('GET', '/caribou/mocks/cases')).json<{ results: unknown[] }>().results;
    expect(cases).toContainEqual({ ...mockCase, products: ['zfire', 'zhail'], mockResponseName: 'high hail v2' });
    const addresses = (await call('GET', '/caribou/mocks/addresses', refused.ordinary)).json<{ results: unknown[] }>()
      .results;
    expect(addresses).toContainEqual({
      location: '-97.3,37.7',
      location_type: 'coordinates',
      apiVersion: 'v3',
      products: ['zfire', 'zhail'],
      lookupLocation: '37.7,-97.3',
    });

    const query = new URLSearchParams({
      location: '-97.3,37.7',
      location_type: 'coordinates',
      apiVersion: 'v3',
      products: 'zfire,zhail',
    });
    expect((await asStaff('DELETE', `/caribou/mocks/cases/${id}?${query}`)).statusCode).toBe(200);
    expect((await asStaff('DELETE', `/caribou/mocks/cases/${id}?${query}`)).statusCode).toBe(404);
    expect((await asStaff('DELETE', `/caribou/mocks/responses/${id}`)).statusCode).toBe(200);
    expect((await asStaff('GET', `/caribou/mocks/responses/${id}`)).statusCode).toBe(404);

    const audit = (await auditOf(null)).slice(before);
    expect(audit.map((a) => a.action)).toEqual([
      'mock.response_created',
      'mock.response_updated',
      'mock.case_created',
      'mock.case_deleted',
      'mock.response_deleted',
    ]);
    expect(audit.every((a) => a.actor_user_id === staff.id)).toBe(true);
    expect(audit[1]).toMatchObject({
      before: expect.objectContaining({ name: 'high hail' }),
      after: expect.objectContaining({ name: 'high hail v2' }),
    });
  });
});
