import { ANALYTICS, analyticsBatchSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { recordAnalyticsEvents } from '../db/analytics.js';
import { badRequest } from './errors.js';

/**
 * POST /api/analytics/events: the web app's analytics client (packages/analytics) sends its
 * batches here, with the user's bearer token. Events are validated (names from contracts, size
 * and count capped) and stored for the signed-in user and the organisation acted for.
 */
export async function registerAnalyticsRoutes(app: FastifyInstance) {
  const { runtime } = app.ctx.config;
  app.post(
    '/analytics/events',
    // The batch limit of SPEC §9 plus room for the envelope (writeKey, sentAt).
    { config: { policy: 'authenticated' }, bodyLimit: ANALYTICS.maxBatchBytes + 4 * 1024 },
    async (request, reply) => {
      const body = analyticsBatchSchema.parse(request.body);
      if (runtime.ANALYTICS_WRITE_KEY && body.writeKey !== runtime.ANALYTICS_WRITE_KEY) throw badRequest('Unknown analytics write key.');
      const actor = request.actor!;
      const stored = await recordAnalyticsEvents(app.ctx.db, { organizationId: actor.organization.id, userId: actor.userId }, body.batch);
      return reply.code(202).send({ accepted: stored });
    },
  );
}
