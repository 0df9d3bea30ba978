import { changesFeedQuerySchema, changesFeedSchema, portfolioIdParamsSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { changesFeed } from '../../domain/monitoring/changes.js';
import { presentChange } from '../monitoring-presenters.js';
import { actorOf } from '../portfolios/context.js';
import { withZod } from '../route-config.js';
import { V1_EXAMPLES } from './examples.js';

/** /v1: score changes of a monitored portfolio after a cursor, oldest first, paged (issue 41). */
export async function registerV1ChangeRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  app.get(
    '/portfolios/:id/changes',
    {
      schema: {
        summary: 'Score changes of a monitored portfolio since a cursor (pass nextCursor back as after)',
        description:
          'Every recorded change of the portfolio’s monitored rows after the cursor, oldest first, at most `limit`: the row, old → new score and level, the factors that moved, and the cause (capture, model release, permit, correction, appeal) with its id. Poll with the last `nextCursor`; `hasMore` says another page is ready now. Changes are immutable, so a cursor never skips or repeats one.',
        params: portfolioIdParamsSchema,
        querystring: changesFeedQuerySchema,
        response: { 200: changesFeedSchema.meta({ examples: [V1_EXAMPLES.changes] }) },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) => {
      const feed = await changesFeed(app.ctx.db, actorOf(request), request.params.id, request.query);
      return { ...feed, changes: feed.changes.map(presentChange) };
    },
  );
}
