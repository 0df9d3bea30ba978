import {
  accumulationPageSchema,
  accumulationQuerySchema,
  bookOverTimeQuerySchema,
  bookOverTimeSchema,
  dashboardQuerySchema,
  dashboardSchema,
  hexagonsQuerySchema,
  hexagonsSchema,
  ringRowsQuerySchema,
  ringRowsSchema,
  ringsQuerySchema,
  ringsSchema,
} from '@zview/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  accumulation,
  accumulationFile,
  dashboard,
  hexagons,
  ringRowsOf,
  ringsFile,
  topRings,
} from '../../domain/portfolio/accumulation/analysis.js';
import { bookOverTime } from '../../domain/portfolio/accumulation/over-time.js';
import { withZod } from '../route-config.js';
import { actorOf, depsOf, idParams } from './context.js';
import { CONTENT_TYPES, contentDisposition } from './export.js';

function sendFile(reply: FastifyReply, file: { fileName: string; format: 'csv' | 'xlsx'; stream: unknown }) {
  reply.header('content-disposition', contentDisposition(file.fileName));
  reply.header('content-type', CONTENT_TYPES[file.format]);
  return reply.send(file.stream);
}

/**
 * Accumulation and concentration of a portfolio's value (issue 43): areas (state, county, ZIP, H3),
 * the rings of most value and their rows, the book dashboard. `format=csv|xlsx` answers a file
 * (sent as a stream, which Fastify does not serialise: the JSON schema describes format=json).
 */
export async function registerPortfolioAnalysisRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const { db } = depsOf(app);

  app.get(
    '/caribou/portfolio/:id/accumulation',
    {
      schema: {
        summary: 'Insured value and rows by area and risk level',
        description:
          'A page of the areas of a scored product (state, county, ZIP or H3 cell at resolution 5, 7 or 9), most value first, each with its rows and insured value per risk level and the grouping’s totals. format=csv or xlsx answers every area as an attachment. 409 while the product is not scored yet.',
        params: idParams,
        querystring: accumulationQuerySchema,
        response: { 200: accumulationPageSchema },
      },
      config: { policy: 'portfolio:read', rawResponse: true },
    },
    async (request, reply) => {
      const { id } = request.params;
      const query = request.query;
      const actor = actorOf(request);
      if (query.format !== 'json')
        return sendFile(reply, await accumulationFile(db, actor, id, { ...query, format: query.format }));
      return reply.send(await accumulation(db, actor, id, query));
    },
  );

  app.get(
    '/caribou/portfolio/:id/accumulation/rings',
    {
      schema: {
        summary: 'The largest accumulations within a radius',
        description:
          'The rings of 250 m or 1 km holding the most insured value (the most rows when the file has no value column), each centred at least a radius from every better one, with their rows, value and rows rated high. format=csv or xlsx answers them as an attachment.',
        params: idParams,
        querystring: ringsQuerySchema,
        response: { 200: ringsSchema },
      },
      config: { policy: 'portfolio:read', rawResponse: true },
    },
    async (request, reply) => {
      const { id } = request.params;
      const query = request.query;
      const actor = actorOf(request);
      if (query.format !== 'json')
        return sendFile(reply, await ringsFile(db, actor, id, { ...query, format: query.format }));
      return reply.send(await topRings(db, actor, id, query));
    },
  );

  app.get(
    '/caribou/portfolio/:id/accumulation/ring-rows',
    {
      schema: {
        summary: 'The rows within a ring',
        description:
          'The located rows within a radius of a point (a ring of the list), most value first, with their score and risk level in the product’s current run.',
        params: idParams,
        querystring: ringRowsQuerySchema,
        response: { 200: ringRowsSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) => ringRowsOf(db, actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/caribou/portfolio/:id/dashboard',
    {
      schema: {
        summary: 'The book dashboard',
        description:
          'The book at a glance: per product its score distribution and value by risk level, and the book’s total value (the map’s hexagons: …/dashboard/hexagons).',
        params: idParams,
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) => dashboard(db, actorOf(request), request.params.id, request.query.product),
  );

  app.get(
    '/caribou/portfolio/:id/dashboard/hexagons',
    {
      schema: {
        summary: 'Hexagons of value for the book map',
        description:
          'The H3 cells of most value of a scored product at resolutions 5, 7 and 9 (up to 1,000, 3,000 and 2,000), each with its rows and insured value; the map draws each resolution at the zooms that suit it. 409 while the product is not scored yet.',
        params: idParams,
        querystring: hexagonsQuerySchema,
        response: { 200: hexagonsSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) => hexagons(db, actorOf(request), request.params.id, request.query.product),
  );

  app.get(
    '/caribou/portfolio/:id/dashboard/over-time',
    {
      schema: {
        summary: 'A monitored book over time',
        description:
          'For a product the book monitors: its located rows and insured value by risk level at each finished run (as kept with the run’s aggregates) and now (the current rows, with the score changes since the last run). monitored is false, with no points, when the book does not monitor the product.',
        params: idParams,
        querystring: bookOverTimeQuerySchema,
        response: { 200: bookOverTimeSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) => bookOverTime(db, actorOf(request), request.params.id, request.query.product),
  );
}
