import { USAGE_ANALYTICS_PATH, usageAnalyticsQuerySchema, usageAnalyticsSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { usageReport } from '../domain/analytics/usage-report.js';
import { withZod } from './route-config.js';

/**
 * GET /api/usage-analytics: the internal-admin usage dashboard (events per day, active users per
 * organisation, top events, funnels) over the analytics events of every organisation. The
 * collector itself (POST /v1/batch) lives outside /api in collector.ts.
 */
export async function registerAnalyticsRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  app.get(
    USAGE_ANALYTICS_PATH,
    {
      schema: {
        summary: 'Usage analytics dashboard',
        description:
          'Internal admins: analytics events per day, active users per organisation, top events and funnels over every organisation.',
        querystring: usageAnalyticsQuerySchema,
        response: { 200: usageAnalyticsSchema },
      },
      config: { policy: 'analytics:admin' },
    },
    async (request) => usageAnalyticsSchema.parse(await usageReport(app.ctx.db, request.query)),
  );
}
