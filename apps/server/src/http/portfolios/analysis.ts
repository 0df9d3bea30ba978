import {
  accumulationPageSchema,
  accumulationQuerySchema,
  dashboardQuerySchema,
  dashboardSchema,
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
  ringRowsOf,
  ringsFile,
  topRings,
} from '../../domain/portfolio/accumulation/analysis.js';
import { actorOf, depsOf, idParams } from './context.js';
import { CONTENT_TYPES, contentDisposition } from './export.js';

function sendFile(reply: FastifyReply, file: { fileName: string; format: 'csv' | 'xlsx'; stream: unknown }) {
  reply.header('content-disposition', contentDisposition(file.fileName));
  reply.header('content-type', CONTENT_TYPES[file.format]);
  return reply.send(file.stream);
}

/**
 * Accumulation and concentration of a portfolio's value (issue 43): areas (state, county, ZIP, H3),
 * the rings of most value and their rows, the book dashboard. `format=csv|xlsx` answers a file.
 */
export async function registerPortfolioAnalysisRoutes(app: FastifyInstance) {
  const { db } = depsOf(app);

  app.get(
    '/caribou/portfolio/:id/accumulation',
    {
      config: {
        policy: 'portfolio:read',
        rawResponse: true,
        openapi: {
          summary: 'Insured value and rows by state, county, ZIP or H3 cell, per risk level (JSON, CSV or XLSX)',
          params: idParams,
          query: accumulationQuerySchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = idParams.parse(request.params);
      const query = accumulationQuerySchema.parse(request.query);
      const actor = actorOf(request);
      if (query.format !== 'json')
        return sendFile(reply, await accumulationFile(db, actor, id, { ...query, format: query.format }));
      return reply.send(accumulationPageSchema.parse(await accumulation(db, actor, id, query)));
    },
  );

  app.get(
    '/caribou/portfolio/:id/accumulation/rings',
    {
      config: {
        policy: 'portfolio:read',
        rawResponse: true,
        openapi: {
          summary: 'The largest accumulations of value within a radius (250 m or 1 km)',
          params: idParams,
          query: ringsQuerySchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = idParams.parse(request.params);
      const query = ringsQuerySchema.parse(request.query);
      const actor = actorOf(request);
      if (query.format !== 'json')
        return sendFile(reply, await ringsFile(db, actor, id, { ...query, format: query.format }));
      return reply.send(ringsSchema.parse(await topRings(db, actor, id, query)));
    },
  );

  app.get(
    '/caribou/portfolio/:id/accumulation/ring-rows',
    {
      schema: { response: { 200: ringRowsSchema } },
      config: {
        policy: 'portfolio:read',
        openapi: { summary: 'The rows within a ring', params: idParams, query: ringRowsQuerySchema },
      },
    },
    async (request) => {
      const { id } = idParams.parse(request.params);
      return ringRowsOf(db, actorOf(request), id, ringRowsQuerySchema.parse(request.query));
    },
  );

  app.get(
    '/caribou/portfolio/:id/dashboard',
    {
      schema: { response: { 200: dashboardSchema } },
      config: {
        policy: 'portfolio:read',
        openapi: {
          summary: 'The book dashboard: scores, value by level, hexagons of value',
          params: idParams,
          query: dashboardQuerySchema,
        },
      },
    },
    async (request) => {
      const { id } = idParams.parse(request.params);
      const { product } = dashboardQuerySchema.parse(request.query);
      return dashboard(db, actorOf(request), id, product);
    },
  );
}
