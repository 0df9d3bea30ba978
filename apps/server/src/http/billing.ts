import { billingQuerySchema, billingResponseSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { billingReport } from '../domain/billing/report.js';
import { withZod } from './route-config.js';

/**
 * GET /api/caribou/billing (SPEC §7): the billing report of the organisation acted for; internal
 * admins may name another with `organization`. The policy 'billing:read' applies SPEC §6's rule
 * (billing-page flag, group or internal admin, self-serve billing) before the handler runs.
 */
export async function registerBillingRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const { db } = app.ctx;
  app.get(
    '/caribou/billing',
    {
      schema: {
        summary: 'Billing report',
        description:
          'The billing report of the organisation acted for: agreements, quarterly usage by product and channel. Internal admins may name another organisation with `organization`.',
        querystring: billingQuerySchema,
        response: { 200: billingResponseSchema },
      },
      config: { policy: 'billing:read' },
    },
    async (request) => billingReport(db, request.actor!, { organization: request.query.organization }),
  );
}
