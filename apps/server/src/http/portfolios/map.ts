import {
  portfolioMapQuerySchema,
  type PortfolioMapSource,
  portfolioMapSourceSchema,
  portfolioTileParamsSchema,
  portfolioTileQuerySchema,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { mapSource, resultsTile } from '../../domain/portfolio/results-map.js';
import { actorOf, idParams } from './context.js';
import { fileResponse, withZod } from '../route-config.js';

/**
 * The results map: GET …/map hands the signed-in user a signed tile URL template; GET
 * …/tiles/{z}/{x}/{y}.pbf answers either a bearer token of the owning organisation or that
 * signature (see domain/portfolio/results-map.ts).
 */
export async function registerPortfolioMapRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const { db } = app.ctx;

  app.get(
    '/caribou/portfolio/:id/map',
    {
      schema: {
        summary: 'Results map source',
        description: 'A signed tile URL template of a product’s results, for the portfolio’s map.',
        params: idParams,
        querystring: portfolioMapQuerySchema,
        response: { 200: portfolioMapSourceSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request): Promise<PortfolioMapSource> => {
      const { id } = request.params;
      const { product } = request.query;
      return mapSource(db, app.imagery.signer, actorOf(request), { id, product, origin: app.ctx.config.publicUrl });
    },
  );

  app.get(
    '/caribou/portfolio/:id/tiles/:z/:x/:y.pbf',
    {
      schema: {
        summary: 'Results map tile',
        description:
          'A Mapbox vector tile of a product’s results; answers a bearer token of the owning organisation or the signature of the map source.',
        params: portfolioTileParamsSchema,
        querystring: portfolioTileQuerySchema,
        response: { 200: fileResponse('A vector tile', ['application/vnd.mapbox-vector-tile']) },
      },
      config: { policy: 'portfolio:read', signedUrl: true, rawResponse: true },
    },
    async (request, reply) => {
      const { data, cacheable } = await resultsTile(db, app.imagery.signer, request.actor, {
        ...request.params,
        ...request.query,
      });
      // A finished run's tiles never change (a rerun has a new run id, so a new URL).
      reply.header('cache-control', cacheable ? 'private, max-age=86400' : 'no-store');
      return reply
        .type('application/vnd.mapbox-vector-tile')
        .send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    },
  );
}
