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
import { sendJsonText, withZod } from '../route-config.js';
import { V1_EXAMPLES } from './examples.js';

/** GET /v1/properties/assessment and POST /v1/properties/assessment:batch: the property view's assessment, metered on the api channel. */
export async function registerV1PropertyRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
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
      schema: {
        summary: 'Assess one property',
        description:
          'The property view’s assessment of one location (an address, or coordinates with `location_type=coordinates`): its scores for the products named and its imagery. Metered on the api channel. Example: `?location=100 N Main St, Wichita, KS 67202&products=zhail,zfire`.',
        querystring: v1AssessmentQuerySchema,
        response: { 200: assessmentResponseSchema },
      },
      config: { policy: 'api:use' },
    },
    async (request, reply) => {
      const json = await lookups.assess(actorOf(request), request.query, { fresh: await fresh(), channel: 'api' });
      return sendJsonText(reply, json);
    },
  );

  // Up to 100 locations; each answers its own status (a location not found does not fail the others).
  app.post(
    '/properties/assessment::batch',
    {
      schema: {
        summary: `Assess up to ${API_BATCH_MAX_LOCATIONS} locations`,
        description:
          'The assessment of each location in one call; each result answers its own status, so a location not found does not fail the others.',
        body: v1BatchRequestSchema.meta({ examples: [V1_EXAMPLES.batchRequest] }),
        response: { 200: v1BatchResponseSchema },
      },
      config: { policy: 'api:use' },
    },
    async (request, reply) => {
      const json = await assessBatch(lookups, actorOf(request), request.body, { fresh: await fresh() });
      return sendJsonText(reply, json);
    },
  );
}
