import type { FastifyInstance } from 'fastify';
import { noticeRouteSchema, reportRouteSchema, sendNotice, sendReport } from '../notices.js';
import type { ImageryService } from '../../domain/imagery/service.js';
import { createImageryService } from '../imagery.js';
import { withZod } from '../route-config.js';

/** GET /v1/properties/:propertyId/notice.pdf and report.pdf: the score notice of a product, the property report (issue 42). */
export async function registerV1NoticeRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  // The /api plugin's imagery service is not visible here: /v1 makes its own on first use.
  let imagery: ImageryService | undefined;
  const imageryService = () => (imagery ??= createImageryService(fastify).service);
  app.get(
    '/properties/:propertyId/notice.pdf',
    { schema: noticeRouteSchema, config: { policy: 'api:use', rawResponse: true } },
    sendNotice(fastify),
  );
  app.get(
    '/properties/:propertyId/report.pdf',
    { schema: reportRouteSchema, config: { policy: 'api:use', rawResponse: true } },
    sendReport(fastify, imageryService),
  );
}
