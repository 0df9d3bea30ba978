import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

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
    await db
      .insertInto('agreements')
      .values(
        agreements.map((a) => ({
          organization_id: organizationId,
          product: a.product,
          contract_start: sql<string>`(date_trunc('month', current_date) - interval '23 months')::date` as never,
          committed_annual_volume: a.committedAnnualVolume,
          bill_reruns: a.billReruns,
        })),
      )
      .onConflict((oc) => oc.columns(['organization_id', 'product']).doNothing())
      .execute();
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
  await sql`
    WITH plan AS (SELECT * FROM jsonb_to_recordset(${plan}::jsonb) AS p(product text, zview int, api int, rows int)),
    days AS (SELECT d::date AS day FROM generate_series(current_date - 365, current_date - 1, interval '1 day') AS d WHERE extract(isodow FROM d) < 6),
    daily AS (
      SELECT p.product, c.channel, days.day, c.per_day, 'demo:' || ${organizationId}::int || ':' || p.product || ':' || c.channel || ':' || days.day AS key
      FROM plan p CROSS JOIN LATERAL (VALUES ('zview', p.zview), ('api', p.api)) AS c(channel, per_day) CROSS JOIN days
      WHERE c.per_day > 0
    ),
    monthly AS (
      SELECT p.product, m, (date_trunc('month', current_date) - make_interval(months => m))::date + 9 AS day, p.rows,
             'demo:' || ${organizationId}::int || ':' || p.product || ':portfolio:' || ((date_trunc('month', current_date) - make_interval(months => m))::date + 9) AS key
      FROM plan p, generate_series(1, 12) AS m
      WHERE p.rows > 0
    )
    INSERT INTO usage_events (event_key, organization_id, user_id, product, channel, reference, quantity, occurred_at)
    SELECT key, ${organizationId}::int, NULL, product, channel, NULL,
           greatest(1, per_day * (80 + abs(hashtext(key)) % 41) / 100), day + time '14:00'
    FROM daily
    UNION ALL
    SELECT key, ${organizationId}::int, NULL, product, 'portfolio',
           to_char(day, 'FMMonth YYYY') || ' ' || (string_to_array(${BATCH_NAMES.join(',')}::text, ','))[1 + (extract(month FROM day)::int + length(product)) % ${BATCH_NAMES.length}::int],
           greatest(1, rows * (70 + abs(hashtext(key)) % 61) / 100), day + time '16:30'
    FROM monthly
    WHERE day < current_date
    ON CONFLICT (event_key) DO NOTHING`.execute(db);
}
