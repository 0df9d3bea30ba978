import type { FastifyInstance } from 'fastify';
import { noticeRouteSchema, sendNotice } from '../notices.js';
import { withZod } from '../route-config.js';

/** GET /v1/properties/:propertyId/notice.pdf: the score notice of a product (issue 42). */
export async function registerV1NoticeRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  app.get(
    '/properties/:propertyId/notice.pdf',
    { schema: noticeRouteSchema, config: { policy: 'api:use', rawResponse: true } },
    sendNotice(fastify),
  );
}
