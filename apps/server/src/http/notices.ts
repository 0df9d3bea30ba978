import {
  noticeParamsSchema,
  noticeQuerySchema,
  noticeTextsResponseSchema,
  noticeTextsUpdateSchema,
  reportParamsSchema,
} from '@zview/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { can } from '../auth/policy.js';
import type { ImageryService } from '../domain/imagery/service.js';
import { noticePdf, reportPdf } from '../domain/notices/service.js';
import { listOrganizationNoticeTexts, updateOrganizationNoticeTexts } from '../domain/notices/texts.js';
import { fileResponse, withZod } from './route-config.js';

type NoticeRequest = FastifyRequest<{
  Params: z.output<typeof noticeParamsSchema>;
  Querystring: z.output<typeof noticeQuerySchema>;
}>;

/** How the notice download is declared, for /api and /v1. */
export const noticeRouteSchema = {
  summary: 'Score notice of a property (PDF)',
  description:
    'A plain-language notice of one product’s score of the property, as the organisation sees it: the score and its range, level, date and model version, the main features behind it, the mitigations that would lower it and by how much, how to appeal and the deadlines. Wording follows the property’s state (Colorado, California, others) and the organisation’s text blocks.',
  params: noticeParamsSchema,
  querystring: noticeQuerySchema,
  response: { 200: fileResponse('The notice, as a PDF attachment', ['application/pdf']) },
} as const;

export function sendNotice(app: FastifyInstance) {
  return async (request: NoticeRequest, reply: FastifyReply) => {
    const file = await noticePdf(app.ctx.db, request.actor!, request.params.propertyId, request.query.product);
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
    return reply.send(file.stream);
  };
}

type ReportRequest = FastifyRequest<{ Params: z.output<typeof reportParamsSchema> }>;

/** How the property report download is declared, for /api and /v1. */
export const reportRouteSchema = {
  summary: 'Property report (PDF)',
  description:
    'The property view on paper, as the organisation sees it: every enabled product’s score with its main factors and confidence, the newest orthophoto with the parcel and building outlines (where the organisation has imagery), the imagery captures with date and provider, building permits, and history (published appeal and mitigation versions, weather events).',
  params: reportParamsSchema,
  response: { 200: fileResponse('The report, as a PDF attachment', ['application/pdf']) },
} as const;

/** The report's handler; `imagery` is the imagery service of the route group (the /api one, or /v1's own). */
export function sendReport(app: FastifyInstance, imagery: () => ImageryService) {
  return async (request: ReportRequest, reply: FastifyReply) => {
    const actor = request.actor!;
    // The orthophoto only where the organisation's products include imagery (the assessment's rule).
    const ortho = async (captureId: string, propertyId: string) =>
      can(actor, 'imagery:ortho')
        ? ((await imagery().propertyImage(captureId, propertyId, 'jpg', { oblique: false }))?.data ?? null)
        : null;
    const file = await reportPdf(app.ctx.db, actor, request.params.propertyId, ortho);
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
    return reply.send(file.stream);
  };
}

/** Score notices (issue 42): the PDF from the property view, and the organisation's wording (group admins). */
export async function registerNoticeRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const { db } = app.ctx;

  app.get(
    '/caribou/properties/:propertyId/notice.pdf',
    { schema: noticeRouteSchema, config: { policy: 'property:read', rawResponse: true } },
    sendNotice(fastify),
  );

  app.get(
    '/caribou/properties/:propertyId/report.pdf',
    { schema: reportRouteSchema, config: { policy: 'property:read', rawResponse: true } },
    sendReport(fastify, () => fastify.imagery.service),
  );

  app.get(
    '/caribou/notices/texts',
    {
      schema: {
        summary: 'Wording of the organisation’s score notices',
        description:
          'Each template’s (Colorado, California, every other state) editable text blocks as the organisation’s notices print them, with the template’s own wording.',
        response: { 200: noticeTextsResponseSchema },
      },
      config: { policy: 'notices:manage' },
    },
    (request) => listOrganizationNoticeTexts(db, request.actor!.organization.id),
  );

  app.put(
    '/caribou/notices/texts',
    {
      schema: {
        summary: 'Change the wording of the organisation’s score notices',
        description:
          'Replaces text blocks of one template (at most 2000 characters each); null restores the template’s wording. Answers every template.',
        body: noticeTextsUpdateSchema,
        response: { 200: noticeTextsResponseSchema },
      },
      config: { policy: 'notices:manage' },
    },
    (request) => updateOrganizationNoticeTexts(db, request.actor!.organization.id, request.body),
  );
}
