import type { Db } from '../../db/database.js';
import { insertAgreementsIfAbsent, insertDemoUsage } from '../../db/demo-billing.js';

/**
 * Demo agreements and a year of usage for the demo organisations (`npm start`). Idempotent and
 * fast: agreements already there are kept (staff may have edited them); usage rows carry
 * 'demo:'-prefixed event keys, so a second run adds only the days that have passed since (a few
 * thousand rows in one statement per organisation the first time).
 *
 * Contracts start on the first of the month eleven months and a year before today's, so each
 * agreement shows a finished first contract year (its last month used) and a current one in its
 * fourth quarter: four quarters of history, in years that rarely start in January.
 */
export interface DemoAgreement {
  product: string;
  committedAnnualVolume: number;
  billReruns: boolean;
  /** Property-view lookups, API calls per weekday (before day-to-day variation). */
  zviewPerDay: number;
  apiPerDay: number;
  /** A portfolio submission each month with about this many rows (0: none). */
  portfolioRows: number;
}

export const DEMO_BILLING: Record<string, DemoAgreement[]> = {
  'Demo Mutual Insurance': [
    {
      product: 'zfire',
      committedAnnualVolume: 150_000,
      billReruns: false,
      zviewPerDay: 260,
      apiPerDay: 90,
      portfolioRows: 4_000,
    },
    {
      product: 'zproperty',
      committedAnnualVolume: 60_000,
      billReruns: true,
      zviewPerDay: 150,
      apiPerDay: 40,
      portfolioRows: 1_500,
    },
    {
      product: 'zhail',
      committedAnnualVolume: 25_000,
      billReruns: false,
      zviewPerDay: 120,
      apiPerDay: 0,
      portfolioRows: 0,
    },
  ],
  'Gulf Coast Underwriters': [
    {
      product: 'zwind',
      committedAnnualVolume: 90_000,
      billReruns: false,
      zviewPerDay: 180,
      apiPerDay: 60,
      // No portfolio submissions: the organisation has no portfolio feature (SPEC §2).
      portfolioRows: 0,
    },
    {
      product: 'zhail',
      committedAnnualVolume: 30_000,
      billReruns: false,
      zviewPerDay: 70,
      apiPerDay: 0,
      portfolioRows: 0,
    },
  ],
};

/** Submission names, one a month (month name prepended). */
const BATCH_NAMES = ['renewals', 'new business', 'book review', 'reinsurance submission'];

export async function seedDemoBilling(db: Db, organizationIds: ReadonlyMap<string, number>): Promise<void> {
  for (const [name, agreements] of Object.entries(DEMO_BILLING)) {
    const organizationId = organizationIds.get(name);
    if (organizationId === undefined) continue;
    await insertAgreementsIfAbsent(db, organizationId, agreements);
    await seedUsage(db, organizationId, agreements);
  }
}

/**
 * Weekday lookups and API calls (one ledger row per day and channel, its quantity the day's uses,
 * varied deterministically by its key) and a monthly portfolio submission, over the past year.
 */
async function seedUsage(db: Db, organizationId: number, agreements: DemoAgreement[]): Promise<void> {
  const plan = JSON.stringify(
    agreements.map((a) => ({ product: a.product, zview: a.zviewPerDay, api: a.apiPerDay, rows: a.portfolioRows })),
  );
  await insertDemoUsage(db, organizationId, plan, BATCH_NAMES);
}
