import { USAGE_FUNNELS, type UsageAnalytics, type UsageAnalyticsQuery } from '@zview/contracts';
import {
  activeUsersByOrganization,
  eventsPerDay,
  funnel,
  organizationNames,
  recentEvents,
  topEvents,
  type ReportScope,
} from '../../db/analytics-reports.js';
import type { Db } from '../../db/database.js';

const DAY_MS = 86_400_000;

/** Every day of [from, to] as YYYY-MM-DD (UTC). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * The internal-admin usage dashboard: events per day (every day of the range, zeros included),
 * active users per organisation, top events and the sign-in → lookup and upload → export
 * funnels, over the analytics events the collector stored, for one organisation or all.
 */
export async function usageReport(db: Db, query: UsageAnalyticsQuery): Promise<UsageAnalytics> {
  const scope: ReportScope = {
    from: new Date(`${query.from}T00:00:00Z`),
    to: new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS),
    organizationId: query.organizationId,
  };
  const [perDay, byOrg, top, funnels, organizations, recent] = await Promise.all([
    eventsPerDay(db, scope),
    activeUsersByOrganization(db, scope),
    topEvents(db, scope),
    Promise.all(USAGE_FUNNELS.map((f) => funnel(db, scope, f.steps[0], f.steps[1]))),
    organizationNames(db),
    recentEvents(db, scope),
  ]);
  const counted = new Map(perDay.map((row) => [row.day, row]));
  return {
    from: query.from,
    to: query.to,
    organizationId: query.organizationId ?? null,
    eventsPerDay: daysOf(query.from, query.to).map((day) => ({
      day,
      events: Number(counted.get(day)?.events ?? 0),
      users: Number(counted.get(day)?.users ?? 0),
    })),
    activeUsersByOrganization: byOrg.map((row) => ({
      organizationId: row.organization_id,
      organizationName: row.name ?? null,
      users: Number(row.users),
      events: Number(row.events),
    })),
    topEvents: top.map((row) => ({ event: row.event ?? '', events: Number(row.events), users: Number(row.users) })),
    funnels: USAGE_FUNNELS.map((f, index) => ({
      name: f.name,
      steps: f.steps.map((event, step) => ({ event, users: funnels[index]![step]! })),
    })),
    recentEvents: recent.map((row) => ({
      occurredAt: row.occurred_at.toISOString(),
      type: row.type,
      event: row.event,
      userId: row.user_id,
      userEmail: row.email ?? null,
      organizationId: row.organization_id,
      organizationName: row.name ?? null,
    })),
    organizations,
  };
}
