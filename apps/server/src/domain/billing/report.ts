import type { AnnualUsageRow, BillingResponse, QuarterlyUsageRow, UsageTrend } from '@zview/contracts';
import type { Actor } from '../../auth/actor.js';
import {
  annualUsage,
  batchWork,
  currentYearMonthlyUsage,
  findOrganization,
  quarterlyUsage,
  type MonthlyUsageRecord,
} from '../../db/billing.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../app-error.js';

/**
 * The billing report of SPEC §3 (Billing response) for the organisation acted for, or, for
 * internal admins only, the organisation named by `organization` (anyone else naming another
 * organisation gets 404, as for any foreign object). Whether billing is available at all is the
 * policy's 'billing:read', checked before this runs.
 */
export async function billingReport(
  db: Db,
  actor: Actor,
  input: { organization?: number; asOf?: string },
): Promise<BillingResponse> {
  const organization = await reportOrganization(db, actor, input.organization);
  const asOf = input.asOf ?? todayUtc();
  const [annual, quarterly, batches, monthly] = await Promise.all([
    annualUsage(db, organization.id, asOf),
    quarterlyUsage(db, organization.id, asOf),
    batchWork(db, organization.id),
    currentYearMonthlyUsage(db, organization.id, asOf),
  ]);
  return {
    organization,
    annualUsageByAgreement: { data: annual.map((row) => ({ ...row, ...commitment(row.usage, row.agreement) })) },
    quarterlyUsageByAgreement: {
      data: quarterly.map((row): QuarterlyUsageRow => ({
        ...row,
        total_pings: row.api_total + row.zview + row.portfolio,
      })),
    },
    batchWork: { data: batches },
    usageTrend: { data: usageTrends(monthly, asOf) },
  };
}

async function reportOrganization(
  db: Db,
  actor: Actor,
  requested: number | undefined,
): Promise<{ id: number; name: string }> {
  if (requested === undefined || requested === actor.organization.id)
    return { id: actor.organization.id, name: actor.organization.name };
  const found = actor.isInternalAdmin ? await findOrganization(db, requested) : undefined;
  if (!found) throw notFound('Organization not found.');
  return found;
}

/** Usage within the committed volume leaves `remaining`; beyond it is non-committed usage (overage). */
export function commitment(usage: number, agreement: number): Pick<AnnualUsageRow, 'remaining' | 'overage'> {
  return { remaining: Math.max(agreement - usage, 0), overage: Math.max(usage - agreement, 0) };
}

export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;
const dayNumber = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;
const isoFromDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The day cumulative usage reaches the agreement if the pace so far (usage per elapsed day,
 * today included) continues; null when it stays within the agreement this contract year. When
 * usage is already past the agreement, asOf (the caller knows better: usageTrends).
 */
export function projectOverageDate(input: {
  start: string;
  end: string;
  asOf: string;
  usage: number;
  agreement: number;
}): string | null {
  const elapsed = dayNumber(input.asOf) - dayNumber(input.start) + 1;
  if (input.usage > input.agreement) return input.asOf;
  if (input.usage <= 0 || elapsed <= 0) return null;
  const day = dayNumber(input.start) + Math.ceil((input.agreement * elapsed) / input.usage) - 1;
  return day <= dayNumber(input.end) ? isoFromDay(Math.max(day, dayNumber(input.asOf))) : null;
}

/** Month rows of the current contract years → cumulative series and overage date (the month it was passed, or projected). */
export function usageTrends(monthly: readonly MonthlyUsageRecord[], asOf: string): UsageTrend[] {
  const trends = new Map<string, UsageTrend>();
  for (const row of monthly) {
    let trend = trends.get(row.product);
    if (!trend) {
      trend = {
        product: row.product,
        contract_year_start: row.contract_year_start,
        contract_year_end: row.contract_year_end,
        agreement: row.agreement,
        usage: 0,
        points: [],
        projected_overage_date: null,
      };
      trends.set(row.product, trend);
    }
    trend.usage += row.usage;
    trend.points.push({ date: row.month_end < asOf ? row.month_end : asOf, usage: trend.usage });
  }
  for (const trend of trends.values()) {
    const passed = trend.points.find((point) => point.usage > trend.agreement);
    trend.projected_overage_date = passed
      ? passed.date
      : projectOverageDate({
          start: trend.contract_year_start,
          end: trend.contract_year_end,
          asOf,
          usage: trend.usage,
          agreement: trend.agreement,
        });
  }
  return [...trends.values()];
}
