import { v1UsageQuerySchema, v1UsageResponseSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { organizationUsage } from '../../domain/api-keys/usage.js';
import { actorOf } from '../portfolios/context.js';
import { withZod } from '../route-config.js';
import { V1_EXAMPLES } from './examples.js';

/** GET /v1/usage: the organisation's usage by product and channel (billing's ledger). */
export async function registerV1UsageRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  app.get(
    '/usage',
    {
      schema: {
        summary: 'The organisation’s usage by product and channel',
        description:
          'Lookups metered to the key’s organisation (billing’s ledger) between `from` and `to`, by product and by channel (the web application, the API).',
        querystring: v1UsageQuerySchema,
        response: { 200: v1UsageResponseSchema.meta({ examples: [V1_EXAMPLES.usage] }) },
      },
      config: { policy: 'api:use' },
    },
    async (request) => organizationUsage(app.ctx.db, actorOf(request), request.query),
  );
}
