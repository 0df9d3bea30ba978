import { sql } from 'kysely';
import type { Db } from './database.js';

/** Statements of the billing demo seed (domain/billing/demo-seed.ts decides what to seed). */

/** Agreements whose contracts started 23 months ago; agreements already there are kept. */
export async function insertAgreementsIfAbsent(
  db: Db,
  organizationId: number,
  agreements: { product: string; committedAnnualVolume: number; billReruns: boolean }[],
): Promise<void> {
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
}

/**
 * Inserts a year of demo usage for the organisation in one statement: per product of `plan`,
 * weekday `zview` and `api` rows (quantity the day's uses, varied deterministically by the event
 * key) and a monthly portfolio submission of about `rows`, named from `batchNames`. Rows already
 * there (same 'demo:' event key) are kept.
 */
export async function insertDemoUsage(
  db: Db,
  organizationId: number,
  plan: string,
  batchNames: string[],
): Promise<void> {
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
           to_char(day, 'FMMonth YYYY') || ' ' || (string_to_array(${batchNames.join(',')}::text, ','))[1 + (extract(month FROM day)::int + length(product)) % ${batchNames.length}::int],
           greatest(1, rows * (70 + abs(hashtext(key)) % 61) / 100), day + time '16:30'
    FROM monthly
    WHERE day < current_date
    ON CONFLICT (event_key) DO NOTHING`.execute(db);
}
