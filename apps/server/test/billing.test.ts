import { billingResponseSchema, runtimeConfigSchema } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY_SETTINGS } from '../src/auth/policy.js';
import { annualUsage, batchWork, quarterlyUsage } from '../src/db/billing.js';
import type { Db } from '../src/db/database.js';
import { recordUsage } from '../src/db/usage.js';
import { billingReport, projectOverageDate } from '../src/domain/billing/report.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

const { app, db } = await useTestApp({ BILLING_PAGE_ENABLED: 'true' });

const BILLING = ['zfire', 'zhail', 'self_serve_billing'];

async function usage(
  db: Db,
  organizationId: number,
  product: string,
  channel: 'zview' | 'api' | 'portfolio',
  quantity: number,
  at: string,
  extra: { reference?: string; eventKey?: string } = {},
) {
  await db
    .insertInto('usage_events')
    .values({
      organization_id: organizationId,
      user_id: null,
      product,
      channel,
      quantity,
      occurred_at: new Date(at),
      reference: extra.reference ?? null,
      ...(extra.eventKey ? { event_key: extra.eventKey } : {}),
    })
    .onConflict((oc) => oc.column('event_key').doNothing())
    .execute();
}

/**
 * The hand-computed fixture: zfire contract from 2025-04-15 (years and quarters do not start in
 * January), 1,000 committed; zhail from 2024-11-01 to 2025-10-31 (inclusive), 50 committed.
 */
async function fixture() {
  const org = await createOrganization(db, { products: BILLING });
  const other = await createOrganization(db, { products: BILLING });
  await db
    .insertInto('agreements')
    .values([
      { organization_id: org.id, product: 'zfire', contract_start: '2025-04-15', committed_annual_volume: 1000 },
      {
        organization_id: org.id,
        product: 'zhail',
        contract_start: '2024-11-01',
        contract_end: '2025-10-31',
        committed_annual_volume: 50,
      },
      { organization_id: other.id, product: 'zfire', contract_start: '2025-04-15', committed_annual_volume: 1 },
    ])
    .execute();
  await usage(db, org.id, 'zfire', 'zview', 5, '2025-04-14T12:00:00Z'); // before the contract: not billed
  await usage(db, org.id, 'zfire', 'zview', 100, '2025-04-15T00:30:00Z'); // year 2025 Q1
  await usage(db, org.id, 'zfire', 'api', 50, '2025-07-14T23:59:00Z'); // Q1 (UTC day 07-14)
  await usage(db, org.id, 'zfire', 'portfolio', 300, '2025-07-15T10:00:00Z', { reference: 'Batch A' }); // Q2
  await usage(db, org.id, 'zfire', 'zview', 200, '2026-01-14T10:00:00Z'); // Q3
  await usage(db, org.id, 'zfire|prefill', 'zview', 400, '2026-01-15T10:00:00Z'); // Q4, bills as zfire
  await usage(db, org.id, 'zfire', 'api', 60, '2026-04-14T10:00:00Z'); // Q4
  await usage(db, org.id, 'zfire', 'zview', 30, '2026-04-15T10:00:00Z'); // year 2026 Q1
  // Retried work: the same idempotency key twice counts once (as the lookup writer and a portfolio chunk write it).
  await recordUsage(db, [
    { organizationId: org.id, userId: null, product: 'zfire', channel: 'zview', eventKey: `retry-${org.id}` },
  ]);
  await recordUsage(db, [
    { organizationId: org.id, userId: null, product: 'zfire', channel: 'zview', eventKey: `retry-${org.id}` },
  ]);
  await db
    .updateTable('usage_events')
    .set({ occurred_at: new Date('2026-04-20T10:00:00Z') })
    .where('event_key', '=', `retry-${org.id}`)
    .execute();
  await usage(db, org.id, 'zproperty', 'zview', 999, '2026-01-10T10:00:00Z'); // no agreement: not in the tables
  await usage(db, org.id, 'zhail', 'zview', 80, '2025-10-31T22:00:00Z'); // last day of the zhail contract
  await usage(db, org.id, 'zhail', 'zview', 5, '2025-11-01T01:00:00Z'); // after it
  await usage(db, other.id, 'zfire', 'zview', 10_000, '2025-05-01T10:00:00Z'); // another organisation
  return { org, other };
}

const AS_OF = '2026-05-10';

describe('billing ledger', () => {
  it('sums quantities per contract year, with remaining and non-committed usage, against a hand-computed fixture', async () => {
    const { org } = await fixture();
    const report = await billingReport(
      db,
      { organization: { id: org.id, name: org.name, products: BILLING, isTrial: false } } as never,
      { asOf: AS_OF },
    );
    expect(report.annualUsageByAgreement.data).toEqual([
      {
        product: 'zfire',
        contract_year: 2026,
        contract_year_start: '2026-04-15',
        contract_year_end: '2027-04-14',
        agreement: 1000,
        usage: 31,
        remaining: 969,
        overage: 0,
      },
      {
        product: 'zfire',
        contract_year: 2025,
        contract_year_start: '2025-04-15',
        contract_year_end: '2026-04-14',
        agreement: 1000,
        usage: 1110,
        remaining: 0,
        overage: 110,
      },
      {
        product: 'zhail',
        contract_year: 2024,
        contract_year_start: '2024-11-01',
        contract_year_end: '2025-10-31',
        agreement: 50,
        usage: 80,
        remaining: 0,
        overage: 30,
      },
    ]);
  });

  it('splits each contract year into quarters counted from the contract start, by channel', async () => {
    const { org } = await fixture();
    const rows = await quarterlyUsage(db, org.id, AS_OF);
    const pick = (product: string, year: number, quarter: number) =>
      rows.find((r) => r.product === product && r.contract_year === year && r.quarter === quarter);
    expect(rows.filter((r) => r.product === 'zfire').map((r) => [r.contract_year, r.quarter])).toEqual([
      [2026, 1],
      [2025, 4],
      [2025, 3],
      [2025, 2],
      [2025, 1],
    ]);
    expect(pick('zfire', 2025, 1)).toMatchObject({
      quarter_start: '2025-04-15',
      quarter_end: '2025-07-14',
      zview: 100,
      api_total: 50,
      portfolio: 0,
    });
    expect(pick('zfire', 2025, 2)).toMatchObject({
      quarter_start: '2025-07-15',
      zview: 0,
      api_total: 0,
      portfolio: 300,
    });
    expect(pick('zfire', 2025, 3)).toMatchObject({
      quarter_start: '2025-10-15',
      quarter_end: '2026-01-14',
      zview: 200,
    });
    expect(pick('zfire', 2025, 4)).toMatchObject({
      quarter_start: '2026-01-15',
      quarter_end: '2026-04-14',
      zview: 400,
      api_total: 60,
    });
    expect(pick('zfire', 2026, 1)).toMatchObject({ zview: 31, api_total: 0, portfolio: 0 });
    expect(pick('zhail', 2024, 4)).toMatchObject({ quarter_start: '2025-08-01', quarter_end: '2025-10-31', zview: 80 });
    // total_pings is the sum of the channels (the report adds it).
    const report = await billingReport(
      db,
      { organization: { id: org.id, name: org.name, products: BILLING, isTrial: false } } as never,
      { asOf: AS_OF },
    );
    expect(
      report.quarterlyUsageByAgreement.data.find(
        (r) => r.product === 'zfire' && r.contract_year === 2025 && r.quarter === 4,
      )?.total_pings,
    ).toBe(460);
    expect((await annualUsage(db, org.id, '2025-01-01')).filter((r) => r.product === 'zfire')).toEqual([]);
  });

  it('lists portfolio submissions from the ledger', async () => {
    const { org } = await fixture();
    expect(await batchWork(db, org.id)).toEqual([
      { date_delivered: '2025-07-15T10:00:00Z', batch_name: 'Batch A', no_of_addresses: 300, product: 'zfire' },
    ]);
  });

  it('keeps the rollup equal to the ledger through deletes and organisation deletion', async () => {
    const { org } = await fixture();
    await db.deleteFrom('usage_events').where('organization_id', '=', org.id).where('product', '=', 'zhail').execute();
    expect((await annualUsage(db, org.id, AS_OF)).find((r) => r.product === 'zhail')?.usage).toBe(0);
    await db.deleteFrom('organizations').where('id', '=', org.id).execute();
    const left = await db
      .selectFrom('usage_rollup')
      .select('organization_id')
      .where('organization_id', '=', org.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('projects the day usage passes the agreement at the pace so far', () => {
    expect(
      projectOverageDate({ start: '2026-01-01', end: '2026-12-31', asOf: '2026-01-10', usage: 100, agreement: 500 }),
    ).toBe('2026-02-19');
    expect(
      projectOverageDate({ start: '2026-01-01', end: '2026-12-31', asOf: '2026-01-10', usage: 1, agreement: 500 }),
    ).toBeNull();
    expect(
      projectOverageDate({ start: '2026-01-01', end: '2026-12-31', asOf: '2026-01-10', usage: 0, agreement: 500 }),
    ).toBeNull();
  });
});

describe('GET /api/caribou/billing', () => {
  async function call(user: { id: string }, query = '') {
    return app.inject({ method: 'GET', url: `/api/caribou/billing${query}`, headers: await authHeader(app, user) });
  }

  it('answers the report of the organisation acted for, in the contract schema', async () => {
    const { org } = await fixture();
    const admin = await createUser(db, { org, role: 'admin' });
    const res = await call(admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = billingResponseSchema.parse(res.json());
    expect(body.organization).toEqual({ id: org.id, name: org.name });
    expect(
      body.annualUsageByAgreement.data.find((r) => r.contract_year === 2025 && r.product === 'zfire'),
    ).toMatchObject({ usage: 1110, overage: 110 });
    expect(body.batchWork.data).toHaveLength(1);
  });

  it('refuses an ordinary user (403) and a group admin asking for another organisation (404)', async () => {
    const { org, other } = await fixture();
    const member = await createUser(db, { org, role: 'member' });
    expect((await call(member)).statusCode).toBe(403);
    const otherAdmin = await createUser(db, { org: other, role: 'admin' });
    const foreign = await call(otherAdmin, `?organization=${org.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(org.name);
    expect((await call(otherAdmin, `?target_organization_id=${org.id}`)).statusCode).toBe(404);
    // Its own organisation named explicitly is fine.
    expect((await call(otherAdmin, `?organization=${other.id}`)).statusCode).toBe(200);
  });

  it('honours `organization` for internal admins only', async () => {
    const { org } = await fixture();
    const staff = await createUser(db, { internalAdmin: true });
    const home = await createOrganization(db, { products: BILLING });
    const res = await call(staff, `?target_organization_id=${home.id}&organization=${org.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().organization).toEqual({ id: org.id, name: org.name });
    expect((await call(staff, `?target_organization_id=${home.id}&organization=2147483000`)).statusCode).toBe(404);
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '99999999999', '%00', '12%0A'])(
    'answers 400 for organization=%s',
    async (value) => {
      const org = await createOrganization(db, { products: BILLING });
      const admin = await createUser(db, { org, role: 'admin' });
      const res = await call(admin, `?organization=${value}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/organization/);
    },
  );
});

describe('billing availability (flag × role × feature)', async () => {
  const off = await useTestApp({ BILLING_PAGE_ENABLED: 'false' });

  it('defaults the flag to off when absent', () => {
    expect(DEFAULT_POLICY_SETTINGS.billingPageEnabled).toBe(false);
    expect(
      runtimeConfigSchema.parse({ ENV: 'x', API_URL: 'x', OIDC_ISSUER: 'x', OIDC_CLIENT_ID: 'x', SUPPORT_EMAIL: 'x' })
        .BILLING_PAGE_ENABLED,
    ).toBe(false);
  });

  const cases = [true, false].flatMap((flag) =>
    (['member', 'admin', 'internal'] as const).flatMap((role) =>
      [true, false].map((feature) => ({ flag, role, feature, allowed: flag && role !== 'member' && feature })),
    ),
  );
  it.each(cases)(
    'flag $flag, $role, self_serve_billing $feature → allowed $allowed',
    async ({ flag, role, feature, allowed }) => {
      const target = flag ? { app, db } : off;
      const org = await createOrganization(target.db, { products: feature ? BILLING : ['zfire'] });
      const user =
        role === 'internal'
          ? await createUser(target.db, { internalAdmin: true })
          : await createUser(target.db, { org, role });
      const res = await target.app.inject({
        method: 'GET',
        url: `/api/caribou/billing?target_organization_id=${org.id}`,
        headers: await authHeader(target.app, user),
      });
      expect(res.statusCode, res.body).toBe(allowed ? 200 : 403);
    },
  );
});
