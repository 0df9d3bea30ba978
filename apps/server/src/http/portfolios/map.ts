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

/**
 * The results map: GET …/map hands the signed-in user a signed tile URL template; GET
 * …/tiles/{z}/{x}/{y}.pbf answers either a bearer token of the owning organisation or that
 * signature (see domain/portfolio/results-map.ts).
 */
export async function registerPortfolioMapRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get(
    '/caribou/portfolio/:id/map',
    { schema: { response: { 200: portfolioMapSourceSchema } }, config: { policy: 'portfolio:read' } },
    async (request): Promise<PortfolioMapSource> => {
      const { id } = idParams.parse(request.params);
      const { product } = portfolioMapQuerySchema.parse(request.query);
      return mapSource(db, app.imagery.signer, actorOf(request), { id, product, origin: app.ctx.config.publicUrl });
    },
  );

  app.get(
    '/caribou/portfolio/:id/tiles/:z/:x/:y.pbf',
    { config: { policy: 'portfolio:read', signedUrl: true, rawResponse: true } },
    async (request, reply) => {
      const tile = portfolioTileParamsSchema.parse(request.params);
      const query = portfolioTileQuerySchema.parse(request.query);
      const { data, cacheable } = await resultsTile(db, app.imagery.signer, request.actor, { ...tile, ...query });
      // A finished run's tiles never change (a rerun has a new run id, so a new URL).
      reply.header('cache-control', cacheable ? 'private, max-age=86400' : 'no-store');
      return reply
        .type('application/vnd.mapbox-vector-tile')
        .send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    },
  );
}
