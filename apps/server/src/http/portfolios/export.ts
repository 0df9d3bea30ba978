import {
  portfolioExportChoiceResultSchema,
  portfolioExportChoiceSchema,
  portfolioExportFormatQuerySchema,
  portfolioExportMarkSchema,
} from '@zview/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportAllProducts, exportFile, markExported, saveExportChoice } from '../../domain/portfolio/exports.js';
import { actorOf, depsOf, idParams, productParams } from './context.js';
import { CSV_OR_XLSX, fileResponse, withZod } from '../route-config.js';
import type { z } from 'zod';

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** An attachment header safe for any portfolio name: an ASCII fallback plus the UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9_.]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

type ProductExportRequest = FastifyRequest<{
  Params: z.output<typeof productParams>;
  Querystring: z.output<typeof portfolioExportFormatQuerySchema>;
}>;

/** How a product's export is declared, for /api and /v1. */
export const productExportSchema = {
  summary: 'Export a product’s results',
  description:
    'The results of one product of a portfolio as a CSV (default) or XLSX attachment: the uploaded columns with the scores, read only.',
  params: productParams,
  querystring: portfolioExportFormatQuerySchema,
  response: { 200: fileResponse('The results, as an attachment', CSV_OR_XLSX) },
} as const;

/** The handler of a product's export (…/:id/product(s)/:p/export?format=): the file, as an attachment; for /api and /v1. */
export function sendProductExport(app: FastifyInstance) {
  const deps = depsOf(app);
  return async (request: ProductExportRequest, reply: FastifyReply) => {
    const { id, p } = request.params;
    const { format } = request.query;
    const file = await exportFile(deps, actorOf(request), { id, product: p, format });
    reply.header('content-disposition', contentDisposition(file.fileName));
    reply.header('content-type', CONTENT_TYPES[file.format]);
    return reply.send(file.stream);
  };
}

/**
 * Export of a product's results. The GET only reads; PUT …/update_export is the explicit call
 * the UI makes when the user exports, which records the export and accepts READY results.
 */
export async function registerPortfolioExportRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const deps = depsOf(app);

  app.get(
    '/caribou/portfolio/:id/product/:p/export',
    { schema: productExportSchema, config: { policy: 'portfolio:export', rawResponse: true } },
    sendProductExport(app),
  );

  // Every product side by side with where each row was placed: one file per portfolio (read only).
  app.get(
    '/caribou/portfolio/:id/export',
    {
      schema: {
        summary: 'Export every product of a portfolio',
        description:
          'Every product side by side with where each row was placed, as one CSV (default) or XLSX attachment (read only).',
        params: idParams,
        querystring: portfolioExportFormatQuerySchema,
        response: { 200: fileResponse('The portfolio, as an attachment', CSV_OR_XLSX) },
      },
      config: { policy: 'portfolio:export', rawResponse: true },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { format } = request.query;
      const file = await exportAllProducts(deps, actorOf(request), { id, format });
      reply.header('content-disposition', contentDisposition(file.fileName));
      reply.header('content-type', CONTENT_TYPES[file.format]);
      return reply.send(file.stream);
    },
  );

  // Saves which columns the export holds (original columns by name, plus result columns).
  app.put(
    '/caribou/portfolio/:id/product/:p/export',
    {
      schema: {
        summary: 'Choose the export’s columns',
        description: 'Saves which columns a product’s export holds: original columns by name, plus result columns.',
        params: productParams,
        body: portfolioExportChoiceSchema,
        response: { 200: portfolioExportChoiceResultSchema },
      },
      config: { policy: 'portfolio:export' },
    },
    async (request) => {
      const { id, p } = request.params;
      const { data } = request.body;
      return { columns: await saveExportChoice(deps, actorOf(request), { id, product: p, columns: data.columns }) };
    },
  );

  // Marks the export: regenerates the stored CSV (format=csv, the default), records when, READY → PROCESSED.
  app.put(
    '/caribou/portfolio/:id/product/:p/update_export',
    {
      schema: {
        summary: 'Record an export',
        description:
          'The call the app makes when the user exports: regenerates the stored file (CSV by default), records when, and moves READY results to PROCESSED.',
        params: productParams,
        querystring: portfolioExportFormatQuerySchema,
        response: { 200: portfolioExportMarkSchema },
      },
      config: { policy: 'portfolio:export' },
    },
    async (request) => {
      const { id, p } = request.params;
      const { format } = request.query;
      const marked = await markExported(deps, actorOf(request), { id, product: p, format });
      return { exportedAt: marked.exportedAt.toISOString(), sizeBytes: marked.sizeBytes };
    },
  );
}
