import { changesFeedQuerySchema, changesFeedSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { changesFeed } from '../../domain/monitoring/changes.js';
import { presentChange } from '../monitoring-presenters.js';
import { actorOf, idParams } from '../portfolios/context.js';

/** /v1: score changes of a monitored portfolio after a cursor, oldest first, paged (issue 41). */
export async function registerV1ChangeRoutes(app: FastifyInstance) {
  app.get(
    '/portfolios/:id/changes',
    {
      schema: { response: { 200: changesFeedSchema } },
      config: {
        policy: 'portfolio:read',
        openapi: {
          summary: 'Score changes of a monitored portfolio since a cursor (pass nextCursor back as after)',
          params: idParams,
          query: changesFeedQuerySchema,
        },
      },
    },
    async (request) => {
      const { id } = idParams.parse(request.params);
      const query = changesFeedQuerySchema.parse(request.query);
      const feed = await changesFeed(app.ctx.db, actorOf(request), id, query);
      return { ...feed, changes: feed.changes.map(presentChange) };
    },
  );
}
