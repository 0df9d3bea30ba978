import { v1UsageQuerySchema, v1UsageResponseSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { organizationUsage } from '../../domain/api-keys/usage.js';
import { actorOf } from '../portfolios/context.js';

/** GET /v1/usage: the organisation's usage by product and channel (billing's ledger). */
export async function registerV1UsageRoutes(app: FastifyInstance) {
  app.get(
    '/usage',
    {
      schema: { response: { 200: v1UsageResponseSchema } },
      config: {
        policy: 'api:use',
        openapi: { summary: 'The organisation’s usage by product and channel', query: v1UsageQuerySchema },
      },
    },
    async (request) => {
      return organizationUsage(app.ctx.db, actorOf(request), v1UsageQuerySchema.parse(request.query));
    },
  );
}
