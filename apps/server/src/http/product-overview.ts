import { productOverviewParamsSchema, productOverviewSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { can } from '../auth/policy.js';
import { productOverview } from '../domain/property/product-overview.js';
import { forbidden } from './errors.js';
import { withZod } from './route-config.js';

/** GET /api/caribou/products/{product}/overview: a product page's data dates, coverage and the organisation's recent lookups. */
export async function registerProductOverviewRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const { db } = app.ctx;
  app.get(
    '/caribou/products/:product/overview',
    {
      schema: {
        summary: 'Product overview',
        description:
          'A product page’s data: the model’s data dates, its coverage and the organisation’s recent lookups with that product (products enabled for the organisation).',
        params: productOverviewParamsSchema,
        response: { 200: productOverviewSchema },
      },
      config: { policy: 'property:read' },
    },
    async (request) => {
      const actor = request.actor!;
      const { product } = request.params;
      if (!can(actor, 'product:use', { product }))
        throw forbidden('This product is not enabled for your organization.');
      return productOverview(db, actor.organization.id, product);
    },
  );
}
