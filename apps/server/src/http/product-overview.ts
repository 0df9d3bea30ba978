import { productOverviewParamsSchema, productOverviewSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { can } from '../auth/policy.js';
import { productOverview } from '../domain/property/product-overview.js';
import { forbidden } from './errors.js';

/** GET /api/caribou/products/{product}/overview: a product page's data dates, coverage and the organisation's recent lookups. */
export async function registerProductOverviewRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  app.get(
    '/caribou/products/:product/overview',
    { config: { policy: 'property:read' }, schema: { response: { 200: productOverviewSchema } } },
    async (request) => {
      const actor = request.actor!;
      const { product } = productOverviewParamsSchema.parse(request.params);
      if (!can(actor, 'product:use', { product }))
        throw forbidden('This product is not enabled for your organization.');
      return productOverview(db, actor.organization.id, product);
    },
  );
}
