import { describe, expect, it } from 'vitest';
import { annualUsage, quarterlyUsage } from '../src/db/billing.js';
import { DEMO_BILLING, seedDemoBilling } from '../src/domain/billing/demo-seed.js';
import { useTestDatabase } from './database.js';
import { createOrganization } from './factories.js';

const { db } = await useTestDatabase();

describe('demo billing seed', () => {
  it('seeds agreements and a year of usage across the four quarters of the current contract year, once', async () => {
    const ids = new Map<string, number>();
    for (const name of Object.keys(DEMO_BILLING))
      ids.set(name, (await createOrganization(db, { products: ['self_serve_billing'] })).id);
    await seedDemoBilling(db, ids);
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('usage_events')
            .select((eb) => eb.fn.sum<number>('quantity').as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const first = await count();
    await seedDemoBilling(db, ids);
    expect(await count()).toBe(first);
    const today = new Date().toISOString().slice(0, 10);
    const demo = ids.get('Demo Mutual Insurance')!;
    expect(
      await db
        .selectFrom('agreements')
        .select('product')
        .where('organization_id', '=', demo)
        .orderBy('product')
        .execute(),
    ).toEqual(
      DEMO_BILLING['Demo Mutual Insurance']!.map((a) => ({ product: a.product })).sort((a, b) =>
        a.product.localeCompare(b.product),
      ),
    );
    const annual = await annualUsage(db, demo, today);
    expect(annual.filter((row) => row.product === 'zfire')).toHaveLength(2);
    const current = annual[0]!.contract_year;
    const quarters = (await quarterlyUsage(db, demo, today)).filter(
      (row) => row.product === 'zfire' && row.contract_year === current,
    );
    expect(quarters.map((row) => row.quarter).sort()).toEqual([1, 2, 3, 4]);
    for (const quarter of quarters) expect(quarter.zview).toBeGreaterThan(0);
    // The hail agreement is overrun: non-committed usage to show.
    expect(annual.find((row) => row.product === 'zhail' && row.contract_year === current)!.usage).toBeGreaterThan(
      25_000,
    );
  });
});
