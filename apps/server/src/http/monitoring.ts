import {
  changeDetailSchema,
  changeParamsSchema,
  changesPageSchema,
  changesQuerySchema,
  monitoringListSchema,
  monitoringStateSchema,
  monitoringUpdateSchema,
  runDiffQuerySchema,
  runDiffSummarySchema,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { monitoringOf, setMonitoring } from '../domain/monitoring/books.js';
import { changeCaptures, portfolioChanges } from '../domain/monitoring/changes.js';
import { propertyImageItem } from '../domain/imagery/urls.js';
import { diffExport, diffSummary } from '../domain/monitoring/diff.js';
import { actorOf, idParams, productParams } from './portfolios/context.js';
import { contentDisposition } from './portfolios/export.js';
import { presentChange } from './monitoring-presenters.js';

/**
 * Monitored portfolios (issue 41): switch a product to monitored (or pin it), the changes view of
 * a portfolio (counts, top movers, a filtered page; with a row number, that row's history in
 * order), and the diff of two runs (or a run and now) as a summary or a streamed CSV/XLSX file.
 */
export async function registerMonitoringRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get(
    '/caribou/portfolio/:id/monitoring',
    {
      schema: { response: { 200: monitoringListSchema } },
      config: {
        policy: 'portfolio:read',
        openapi: { summary: 'Which products of a portfolio are monitored', params: idParams },
      },
    },
    async (request) => {
      const { id } = idParams.parse(request.params);
      return { products: await monitoringOf(db, actorOf(request), id) };
    },
  );

  app.put(
    '/caribou/portfolio/:id/product/:p/monitoring',
    {
      schema: { response: { 200: monitoringStateSchema } },
      config: {
        policy: 'portfolio:write',
        openapi: {
          summary: 'Switch a portfolio product to monitored (optionally pinned), or off',
          params: productParams,
          body: monitoringUpdateSchema,
        },
      },
    },
    async (request) => {
      const { id, p } = productParams.parse(request.params);
      const body = monitoringUpdateSchema.parse(request.body);
      return setMonitoring(db, actorOf(request), id, p, body);
    },
  );

  app.get(
    '/caribou/portfolio/:id/changes',
    {
      schema: { response: { 200: changesPageSchema } },
      config: {
        policy: 'portfolio:read',
        openapi: {
          summary: 'Score changes of a monitored portfolio with their causes',
          params: idParams,
          query: changesQuerySchema,
        },
      },
    },
    async (request) => {
      const { id } = idParams.parse(request.params);
      const query = changesQuerySchema.parse(request.query);
      const page = await portfolioChanges(db, actorOf(request), id, query);
      return { ...page, topMovers: page.topMovers.map(presentChange), changes: page.changes.map(presentChange) };
    },
  );

  app.get(
    '/caribou/portfolio/:id/changes/:changeId',
    {
      schema: { response: { 200: changeDetailSchema } },
      config: {
        policy: 'portfolio:read',
        openapi: { summary: 'One change, with the orthophotos before and after a capture', params: changeParamsSchema },
      },
    },
    async (request) => {
      const { id, changeId } = changeParamsSchema.parse(request.params);
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
      schema: { response: { 200: runDiffSummarySchema } },
      config: {
        policy: 'portfolio:read',
        openapi: {
          summary: 'Diff of two runs of a portfolio product, or a run and now (to=now): counts by level transition',
          params: productParams,
          query: runDiffQuerySchema,
        },
      },
    },
    async (request) => {
      const { id, p } = productParams.parse(request.params);
      const query = runDiffQuerySchema.parse(request.query);
      return diffSummary(db, actorOf(request), { portfolioId: id, product: p, from: query.from, to: query.to });
    },
  );

  app.get(
    '/caribou/portfolio/:id/product/:p/diff/export',
    {
      config: {
        policy: 'portfolio:export',
        rawResponse: true,
        openapi: {
          summary: 'The changed rows of a diff as CSV or XLSX (streamed)',
          params: productParams,
          query: runDiffQuerySchema,
        },
      },
    },
    async (request, reply) => {
      const { id, p } = productParams.parse(request.params);
      const query = runDiffQuerySchema.parse(request.query);
      const diff = { portfolioId: id, product: p, from: query.from, to: query.to };
      const file = await diffExport(db, actorOf(request), diff, query.format ?? 'csv');
      reply.header('content-disposition', contentDisposition(file.fileName));
      reply.header('content-type', file.mediaType);
      return reply.send(file.stream);
    },
  );
}
