import { noticeZipBodySchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { noticesZip } from '../../domain/notices/zip.js';
import { fileResponse, withZod } from '../route-config.js';
import { actorOf, idParams } from './context.js';
import { contentDisposition } from './export.js';

/** POST /api/caribou/portfolio/:id/notices: the score notices of selected rows as one streamed ZIP (issue 42). */
export async function registerPortfolioNoticeRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  app.post(
    '/caribou/portfolio/:id/notices',
    {
      schema: {
        summary: 'Score notices of selected rows (ZIP)',
        description:
          'The plain-language score notice (PDF) of one product for each selected row placed on a property, as one ZIP streamed as it is written (at most 200 rows a request). Rows not placed on a property are listed in skipped.txt inside the ZIP.',
        params: idParams,
        body: noticeZipBodySchema,
        response: { 200: fileResponse('The notices, as a ZIP attachment', ['application/zip']) },
      },
      config: { policy: 'portfolio:export', rawResponse: true },
    },
    async (request, reply) => {
      const file = await noticesZip(app.ctx.db, actorOf(request), request.params.id, request.body);
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', contentDisposition(file.fileName));
      return reply.send(file.stream);
    },
  );
}
