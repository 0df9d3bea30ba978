import { PRODUCT_KEYS, whatIfParamsSchema, whatIfQuerySchema, whatIfResponseSchema } from '@zview/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor.js';
import { authorize, can } from '../auth/policy.js';
import { propertyWhatIf } from '../domain/mitigation/what-if-service.js';

/**
 * The products a what-if covers: those asked for (each must be enabled for the organisation,
 * else 403), or every enabled product (fire once: `zfire|prefill` only when asked).
 */
export function whatIfProducts(actor: Actor, asked: readonly (typeof PRODUCT_KEYS)[number][]) {
  if (asked.length) {
    for (const product of asked) authorize(actor, 'product:use', { product });
    return [...new Set(asked)];
  }
  return PRODUCT_KEYS.filter((p) => p !== 'zfire|prefill' && can(actor, 'product:use', { product: p }));
}

/** Shared by /api and /v1: parse, check products, answer the what-if. */
export async function answerWhatIf(app: FastifyInstance, request: FastifyRequest) {
  const { propertyId } = whatIfParamsSchema.parse(request.params);
  const query = whatIfQuerySchema.parse(request.query);
  const actor = request.actor!;
  return propertyWhatIf(app.ctx.db, actor.organization.id, propertyId, whatIfProducts(actor, query.products));
}

/** GET /api/caribou/properties/:propertyId/what_if: "What would lower this score" of the property view (issue 42). */
export async function registerMitigationRoutes(app: FastifyInstance) {
  app.get(
    '/caribou/properties/:propertyId/what_if',
    {
      schema: { response: { 200: whatIfResponseSchema } },
      config: {
        policy: 'property:read',
        openapi: {
          summary: 'What would lower this score: each mitigation the models credit, alone and together',
          params: whatIfParamsSchema,
          query: whatIfQuerySchema,
        },
      },
    },
    (request) => answerWhatIf(app, request),
  );
}
