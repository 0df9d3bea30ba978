import type { FastifyInstance } from 'fastify';
import { answerWhatIf, whatIfRouteSchema } from '../mitigation.js';
import { withZod } from '../route-config.js';

/** GET /v1/properties/:propertyId/what-if: the property view's "What would lower this score" (issue 42). */
export async function registerV1MitigationRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  app.get(
    '/properties/:propertyId/what-if',
    {
      schema: {
        summary: 'What would lower a property’s scores: each mitigation the models credit, alone and together',
        description:
          'For each product asked (default: every product the key allows), the mitigations its model credits on the organisation’s view of the property, with the score and level each gives alone and all together.',
        ...whatIfRouteSchema,
      },
      config: { policy: 'api:use' },
    },
    answerWhatIf(fastify),
  );
}
