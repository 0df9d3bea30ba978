import { whatIfParamsSchema, whatIfQuerySchema, whatIfResponseSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { answerWhatIf } from '../mitigation.js';

/** GET /v1/properties/:propertyId/what-if: the property view's "What would lower this score" (issue 42). */
export async function registerV1MitigationRoutes(app: FastifyInstance) {
  app.get(
    '/properties/:propertyId/what-if',
    {
      schema: { response: { 200: whatIfResponseSchema } },
      config: {
        policy: 'api:use',
        openapi: {
          summary: 'What would lower a property’s scores: each mitigation the models credit, alone and together',
          params: whatIfParamsSchema,
          query: whatIfQuerySchema,
        },
      },
    },
    (request) => answerWhatIf(app, request),
  );
}
