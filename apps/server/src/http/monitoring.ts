import {
  changeDetailSchema,
  changeParamsSchema,
  changesPageSchema,
  changesQuerySchema,
  monitoringListSchema,
  monitoringStateSchema,
  monitoringUpdateSchema,
  portfolioIdParamsSchema,
  portfolioProductParamsSchema,
  runDiffQuerySchema,
  runDiffSummaryQuerySchema,
  runDiffSummarySchema,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { monitoringOf, setMonitoring } from '../domain/monitoring/books.js';
import { changeCaptures, portfolioChanges } from '../domain/monitoring/changes.js';
import { propertyImageItem } from '../domain/imagery/urls.js';
import { diffExport, diffSummary } from '../domain/monitoring/diff.js';
import { actorOf, depsOf } from './portfolios/context.js';
import { contentDisposition } from './portfolios/export.js';
import { presentChange } from './monitoring-presenters.js';
import { CSV_OR_XLSX, fileResponse, withZod } from './route-config.js';

/**
 * Monitored portfolios (issue 41): switch a product to monitored (or pin it), the changes view of
 * a portfolio (counts, top movers, a filtered page; with a row number, that row's history in
 * order), and the diff of two runs (or a run and now) as a summary or a streamed CSV/XLSX file.
 */
export async function registerMonitoringRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const { db } = app.ctx;

  app.get(
    '/caribou/portfolio/:id/monitoring',
    {
      schema: {
        summary: 'Which products of a portfolio are monitored',
        description:
          'Per product: monitored or not, pinned (model version and imagery kept), since when, how many rows are watched.',
        params: portfolioIdParamsSchema,
        response: { 200: monitoringListSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) => ({ products: await monitoringOf(db, actorOf(request), request.params.id) }),
  );

  app.put(
    '/caribou/portfolio/:id/product/:p/monitoring',
    {
      schema: {
        summary: 'Switch a portfolio product to monitored (optionally pinned), or off',
        description:
          'A finished product’s placed rows are copied from its current run and re-scored as the world changes; rows only the exact placement rule places are placed by the worker afterwards (`placing` says how far). A pinned product changes only by appeal or correction. The copy waits for a world change being applied to finish (a change reaches all of a book’s rows or none): 409 when that takes over 15 s, or when the product has no finished run.',
        params: portfolioProductParamsSchema,
        body: monitoringUpdateSchema,
        response: { 200: monitoringStateSchema },
      },
      config: { policy: 'portfolio:write' },
    },
    async (request) => setMonitoring(depsOf(app), actorOf(request), request.params.id, request.params.p, request.body),
  );

  app.get(
    '/caribou/portfolio/:id/changes',
    {
      schema: {
        summary: 'Score changes of a monitored portfolio with their causes',
        description:
          'Counts by product and level transition and by cause, the top movers, and a filtered page of changes; with rowNumber, that row’s history in order.',
        params: portfolioIdParamsSchema,
        querystring: changesQuerySchema,
        response: { 200: changesPageSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) => {
      const page = await portfolioChanges(db, actorOf(request), request.params.id, request.query);
      return { ...page, topMovers: page.topMovers.map(presentChange), changes: page.changes.map(presentChange) };
    },
  );

  app.get(
    '/caribou/portfolio/:id/changes/:changeId',
    {
      schema: {
        summary: 'One change, with the orthophotos before and after a capture',
        description: 'The change and, when a capture caused it, signed URLs of the property’s images before and after.',
        params: changeParamsSchema,
        response: { 200: changeDetailSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) => {
      const { id, changeId } = request.params;
      const found = await changeCaptures(db, actorOf(request), id, changeId);
      const image = (c: typeof found.after) =>
        c && found.property
          ? propertyImageItem(app.imagery.signer, c, {
              id: found.property.id,
              center: [found.property.lng, found.property.lat],
            })
          : null;
      return { change: presentChange(found.change), before: image(found.before), after: image(found.after) };
    },
  );

  app.get(
    '/caribou/portfolio/:id/product/:p/diff',
    {
      schema: {
        summary: 'Diff of two runs of a portfolio product, or a run and now (to=now): counts by level transition',
        description: 'How many rows changed between the two, by level transition, and the mean change in points.',
        params: portfolioProductParamsSchema,
        querystring: runDiffSummaryQuerySchema,
        response: { 200: runDiffSummarySchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) => {
      const { id, p } = request.params;
      const { from, to } = request.query;
      return diffSummary(db, actorOf(request), { portfolioId: id, product: p, from, to });
    },
  );

  app.get(
    '/caribou/portfolio/:id/product/:p/diff/export',
    {
      schema: {
        summary: 'The changed rows of a diff as CSV or XLSX (streamed)',
        description: 'One line per changed row: row number, ref, address, old and new score and level, the change.',
        params: portfolioProductParamsSchema,
        querystring: runDiffQuerySchema,
        response: { 200: fileResponse('The changed rows', CSV_OR_XLSX) },
      },
      config: { policy: 'portfolio:export', rawResponse: true },
    },
    async (request, reply) => {
      const { id, p } = request.params;
      const { from, to, format } = request.query;
      const file = await diffExport(db, actorOf(request), { portfolioId: id, product: p, from, to }, format ?? 'csv');
      reply.header('content-disposition', contentDisposition(file.fileName));
      reply.header('content-type', file.mediaType);
      return reply.send(file.stream);
    },
  );
}
