import { billingQuerySchema, billingResponseSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { billingReport } from '../domain/billing/report.js';

/**
 * GET /api/caribou/billing (SPEC §7): the billing report of the organisation acted for; internal
 * admins may name another with `organization`. The policy 'billing:read' applies SPEC §6's rule
 * (billing-page flag, group or internal admin, self-serve billing) before the handler runs.
 */
export async function registerBillingRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  app.get(
    '/caribou/billing',
    { schema: { response: { 200: billingResponseSchema } }, config: { policy: 'billing:read' } },
    async (request) => {
      const query = billingQuerySchema.parse(request.query ?? {});
      return billingReport(db, request.actor!, { organization: query.organization });
    },
  );
}
