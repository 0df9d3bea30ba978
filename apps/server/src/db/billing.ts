import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Billing reads: the organisation's agreements and its usage totals (`usage_totals`, migration
 * 1901: the rollup of usage_events and the rows not folded into it yet, exact at every moment).
 * Everything is computed here in SQL; `asOf` ('YYYY-MM-DD', UTC) is the report's today. Contract years run from each agreement's contract_start (anniversaries),
 * end at contract_end (inclusive) when it comes first, and quarters are counted from the contract
 * start. Rerun usage counts only where the agreement bills reruns.
 */

/** Contract years of the organisation's agreements that have begun by asOf (CTE `years`). */
const contractYears = (organizationId: number, asOf: string) => sql`
  ag AS (
    SELECT product, contract_start, committed_annual_volume AS agreement, bill_reruns,
           coalesce(contract_end + 1, 'infinity'::date) AS ends
    FROM agreements
    WHERE organization_id = ${organizationId}::int AND contract_start <= ${asOf}::date
  ),
  years AS (
    SELECT ag.product, ag.contract_start, ag.agreement, ag.bill_reruns, ag.ends, y,
           (ag.contract_start + make_interval(years => y))::date AS ys,
           least((ag.contract_start + make_interval(years => y + 1))::date, ag.ends) AS ye
    FROM ag, generate_series(0, extract(year FROM age(least(${asOf}::date, ag.ends - 1), ag.contract_start))::int) AS y
  ),
  usage AS (
    SELECT product, channel, day, rerun, sum(quantity) AS quantity
    FROM usage_totals WHERE organization_id = ${organizationId}::int
    GROUP BY product, channel, day, rerun
  )`;

export interface AnnualUsageRecord {
  product: string;
  contract_year: number;
  contract_year_start: string;
  contract_year_end: string;
  agreement: number;
  usage: number;
}

export async function annualUsage(db: Db, organizationId: number, asOf: string): Promise<AnnualUsageRecord[]> {
  const { rows } = await sql<AnnualUsageRecord>`
    WITH ${contractYears(organizationId, asOf)}
    SELECT y.product, extract(year FROM y.ys)::int AS contract_year,
           to_char(y.ys, 'YYYY-MM-DD') AS contract_year_start, to_char(y.ye - 1, 'YYYY-MM-DD') AS contract_year_end,
           y.agreement, coalesce(sum(u.quantity), 0)::bigint AS usage
    FROM years y
    LEFT JOIN usage u ON u.product = y.product AND u.day >= y.ys AND u.day < y.ye AND (NOT u.rerun OR y.bill_reruns)
    GROUP BY y.product, y.ys, y.ye, y.agreement
    ORDER BY y.ys DESC, y.product`.execute(db);
  return rows;
}

export interface QuarterlyUsageRecord {
  product: string;
  contract_year: number;
  quarter: number;
  quarter_start: string;
  quarter_end: string;
  api_total: number;
  zview: number;
  portfolio: number;
}

export async function quarterlyUsage(db: Db, organizationId: number, asOf: string): Promise<QuarterlyUsageRecord[]> {
  const { rows } = await sql<QuarterlyUsageRecord>`
    WITH ${contractYears(organizationId, asOf)},
    quarters AS (
      SELECT y.product, y.bill_reruns, y.ys, q,
             (y.contract_start + make_interval(years => y.y, months => 3 * (q - 1)))::date AS qs,
             least((y.contract_start + make_interval(years => y.y, months => 3 * q))::date, y.ends) AS qe
      FROM years y, generate_series(1, 4) AS q
    )
    SELECT q.product, extract(year FROM q.ys)::int AS contract_year, q.q AS quarter,
           to_char(q.qs, 'YYYY-MM-DD') AS quarter_start, to_char(q.qe - 1, 'YYYY-MM-DD') AS quarter_end,
           coalesce(sum(u.quantity) FILTER (WHERE u.channel = 'api'), 0)::bigint AS api_total,
           coalesce(sum(u.quantity) FILTER (WHERE u.channel = 'zview'), 0)::bigint AS zview,
           coalesce(sum(u.quantity) FILTER (WHERE u.channel = 'portfolio'), 0)::bigint AS portfolio
    FROM quarters q
    LEFT JOIN usage u ON u.product = q.product AND u.day >= q.qs AND u.day < q.qe AND (NOT u.rerun OR q.bill_reruns)
    WHERE q.qs <= ${asOf}::date AND q.qs < q.qe
    GROUP BY q.product, q.ys, q.q, q.qs, q.qe
    ORDER BY q.ys DESC, q.q DESC, q.product`.execute(db);
  return rows;
}

export interface BatchWorkRecord {
  date_delivered: string;
  batch_name: string;
  no_of_addresses: number;
  product: string;
}

/** Most recent submissions shown. */
export const BATCH_WORK_LIMIT = 500;

/**
 * Portfolio submissions from the ledger: one per run (or per reference for usage recorded without
 * a run), its billed rows, delivered when the run completed. Runs still in progress are left out;
 * reruns only where billed.
 */
export async function batchWork(db: Db, organizationId: number): Promise<BatchWorkRecord[]> {
  const { rows } = await sql<BatchWorkRecord>`
    SELECT to_char(coalesce(max(pr.completed_at), max(r.last_at)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS date_delivered,
           coalesce(max(p.name), max(r.reference), 'Portfolio') AS batch_name,
           sum(r.quantity)::bigint AS no_of_addresses,
           r.product
    FROM usage_totals r
    LEFT JOIN agreements a ON a.organization_id = r.organization_id AND a.product = r.product
    LEFT JOIN portfolio_runs pr ON pr.id = r.run_id
    LEFT JOIN portfolios p ON p.id = r.portfolio_id
    WHERE r.organization_id = ${organizationId}::int AND r.channel = 'portfolio' AND (NOT r.rerun OR coalesce(a.bill_reruns, false))
    GROUP BY r.batch_key, r.product
    HAVING sum(r.quantity) > 0 AND (max(r.run_id) IS NULL OR max(pr.completed_at) IS NOT NULL)
    ORDER BY 1 DESC, 2
    LIMIT ${BATCH_WORK_LIMIT}`.execute(db);
  return rows;
}

export interface MonthlyUsageRecord {
  product: string;
  agreement: number;
  contract_year_start: string;
  contract_year_end: string;
  month_end: string;
  usage: number;
}

/** The contract year containing asOf, per agreement, month by month (months begun by asOf). */
export async function currentYearMonthlyUsage(
  db: Db,
  organizationId: number,
  asOf: string,
): Promise<MonthlyUsageRecord[]> {
  const { rows } = await sql<MonthlyUsageRecord>`
    WITH ${contractYears(organizationId, asOf)},
    months AS (
      SELECT y.product, y.agreement, y.bill_reruns, y.ys, y.ye,
             (y.contract_start + make_interval(years => y.y, months => m))::date AS ms,
             least((y.contract_start + make_interval(years => y.y, months => m + 1))::date, y.ye) AS me
      FROM years y, generate_series(0, 11) AS m
      WHERE y.ys <= ${asOf}::date AND ${asOf}::date < y.ye
    )
    SELECT m.product, m.agreement, to_char(m.ys, 'YYYY-MM-DD') AS contract_year_start, to_char(m.ye - 1, 'YYYY-MM-DD') AS contract_year_end,
           to_char(m.me - 1, 'YYYY-MM-DD') AS month_end, coalesce(sum(u.quantity), 0)::bigint AS usage
    FROM months m
    LEFT JOIN usage u ON u.product = m.product AND u.day >= m.ms AND u.day < m.me AND (NOT u.rerun OR m.bill_reruns)
    WHERE m.ms <= ${asOf}::date AND m.ms < m.me
    GROUP BY m.product, m.agreement, m.ys, m.ye, m.ms, m.me
    ORDER BY m.product, m.ms`.execute(db);
  return rows;
}

export async function findOrganization(db: Db, id: number): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('organizations').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}
