import { USAGE_ANALYTICS_PATH, usageAnalyticsQuerySchema, usageAnalyticsSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { usageReport } from '../domain/analytics/usage-report.js';

/**
 * GET /api/usage-analytics: the internal-admin usage dashboard (events per day, active users per
 * organisation, top events, funnels) over the analytics events of every organisation. The
 * collector itself (POST /v1/batch) lives outside /api in collector.ts.
 */
export async function registerAnalyticsRoutes(app: FastifyInstance) {
  app.get(
    USAGE_ANALYTICS_PATH,
    { schema: { response: { 200: usageAnalyticsSchema } }, config: { policy: 'analytics:admin' } },
    async (request) => {
      const query = usageAnalyticsQuerySchema.parse(request.query);
      return usageAnalyticsSchema.parse(await usageReport(app.ctx.db, query));
    },
  );
}
