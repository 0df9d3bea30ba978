import {
  PRODUCT_KEYS,
  whatIfParamsSchema,
  whatIfQuerySchema,
  whatIfResponseSchema,
  type ProductKey,
} from '@zview/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../auth/actor.js';
import { authorize, can } from '../auth/policy.js';
import { propertyWhatIf } from '../domain/mitigation/what-if-service.js';
import { withZod } from './route-config.js';

/**
 * The products a what-if covers: those asked for (each must be enabled for the organisation,
 * else 403), or every enabled product (fire once: `zfire|prefill` only when asked).
 */
export function whatIfProducts(actor: Actor, asked: readonly ProductKey[]) {
  if (asked.length) {
    for (const product of asked) authorize(actor, 'product:use', { product });
    return [...new Set(asked)];
  }
  return PRODUCT_KEYS.filter((p) => p !== 'zfire|prefill' && can(actor, 'product:use', { product: p }));
}

type WhatIfRequest = FastifyRequest<{
  Params: z.output<typeof whatIfParamsSchema>;
  Querystring: z.output<typeof whatIfQuerySchema>;
}>;

/** How the what-if is declared, for /api and /v1 (Fastify validates params and query). */
export const whatIfRouteSchema = {
  params: whatIfParamsSchema,
  querystring: whatIfQuerySchema,
  response: { 200: whatIfResponseSchema },
} as const;

/** Shared by /api and /v1: check the products, answer the what-if. */
export function answerWhatIf(app: FastifyInstance) {
  return async (request: WhatIfRequest) => {
    const actor = request.actor!;
    const { propertyId } = request.params;
    return propertyWhatIf(app.ctx.db, actor.organization.id, propertyId, whatIfProducts(actor, request.query.products));
  };
}

/** GET /api/caribou/properties/:propertyId/what_if: "What would lower this score" of the property view (issue 42). */
export async function registerMitigationRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  app.get(
    '/caribou/properties/:propertyId/what_if',
    {
      schema: {
        summary: 'What would lower this score: each mitigation the models credit, alone and together',
        description:
          'For each product asked (default: every enabled product), the mitigations whose change its model credits on the organisation’s view of the property, with the score and level each gives alone and all together.',
        ...whatIfRouteSchema,
      },
      config: { policy: 'property:read' },
    },
    answerWhatIf(fastify),
  );
}
