import {
  API_BATCH_MAX_LOCATIONS,
  v1AssessmentQuerySchema,
  v1BatchRequestSchema,
  v1BatchResponseSchema,
  assessmentResponseSchema,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { acquireChangeFeed } from '../../db/change-feed.js';
import { assessBatch } from '../../domain/property/batch.js';
import { PropertyLookups } from '../../domain/property/lookup.js';
import { resolveSigningSecret, UrlSigner } from '../../domain/imagery/signing.js';
import { actorOf } from '../portfolios/context.js';

/** GET /v1/properties/assessment and POST /v1/properties/assessment:batch: the property view's assessment, metered on the api channel. */
export async function registerV1PropertyRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  const { feed, release } = acquireChangeFeed(db);
  // The imagery routes' signer lives in the /api plugin; the same secret signs the same URLs.
  let signer: UrlSigner | undefined;
  const signerOf = () => (signer ??= new UrlSigner(resolveSigningSecret(config.urlSigningSecret, config.dataDir)));
  const lookups = new PropertyLookups(db, feed, signerOf, config.runtime.SAMPLE_DATA);
  app.addHook('onClose', async () => {
    await lookups.close();
    await release();
  });
  // Caches serve a request only after the feed's fence: every change committed before it has cleared them.
  const fresh = () => feed.fence();

  app.get(
    '/properties/assessment',
    {
      schema: { response: { 200: assessmentResponseSchema } },
      config: {
        policy: 'api:use',
        openapi: {
          summary: 'Assess one property: scores and imagery (the property view’s assessment)',
          query: v1AssessmentQuerySchema,
        },
      },
    },
    async (request, reply) => {
      const query = v1AssessmentQuerySchema.parse(request.query);
      const json = await lookups.assess(actorOf(request), query, { fresh: await fresh(), channel: 'api' });
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  // Up to 100 locations; each answers its own status (a location not found does not fail the others).
  app.post(
    '/properties/assessment::batch',
    {
      schema: { response: { 200: v1BatchResponseSchema } },
      config: {
        policy: 'api:use',
        openapi: {
          summary: `Assess up to ${API_BATCH_MAX_LOCATIONS} locations in one call`,
          body: v1BatchRequestSchema,
        },
      },
    },
    async (request, reply) => {
      const body = v1BatchRequestSchema.parse(request.body);
      const json = await assessBatch(lookups, actorOf(request), body, { fresh: await fresh() });
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );
}
