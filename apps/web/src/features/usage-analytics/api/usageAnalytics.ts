import {
  USAGE_ANALYTICS_PATH,
  usageAnalyticsSchema,
  type UsageAnalytics,
  type UsageAnalyticsQuery,
} from '@zview/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

export const USAGE_ANALYTICS_API_PATH = apiPath(USAGE_ANALYTICS_PATH);

/** GET /api/usage-analytics (internal admins): the dashboard's figures for a range and an organisation or all. */
export function fetchUsageAnalytics(query: UsageAnalyticsQuery): Promise<UsageAnalytics> {
  return api.get(USAGE_ANALYTICS_API_PATH, {
    query: { from: query.from, to: query.to, organizationId: query.organizationId },
    // Across organisations: not the one the admin acts for.
    organization: false,
    schema: usageAnalyticsSchema,
  });
}

export const usageAnalyticsQuery = (query: UsageAnalyticsQuery) =>
  queryOptions({
    queryKey: ['usage-analytics', query.from, query.to, query.organizationId ?? 'all'],
    queryFn: () => fetchUsageAnalytics(query),
    placeholderData: keepPreviousData,
  });

export function useUsageAnalytics(query: UsageAnalyticsQuery, enabled = true) {
  return useQuery({ ...usageAnalyticsQuery(query), enabled });
}
