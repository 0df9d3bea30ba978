import { portfolioMapQuerySchema, portfolioTileParamsSchema, portfolioTileQuerySchema, type PortfolioMapSource } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { placedBounds } from '../db/portfolio-tiles.js';
import { MAX_TILE_ZOOM, PORTFOLIO_TILE_LAYER, POINTS_MIN_ZOOM, renderPortfolioTile } from '../domain/portfolio/map-tiles.js';
import { forbidden, notFound, unauthorized } from './errors.js';
import { actorOf, findOwnPortfolio, findOwnProduct } from './portfolio-access.js';

/**
 * The results map: GET …/map hands the signed-in user a signed tile URL template (MapLibre's tile
 * requests cannot carry a bearer token, like imagery tiles); GET …/tiles/{z}/{x}/{y}.pbf answers
 * either a bearer token of the owning organisation or that signature. The signature's scope names
 * the organisation and the portfolio, so a URL opens only that portfolio's tiles, and stops
 * working when the portfolio moves to another organisation.
 */
const tileScope = (organizationId: number, portfolioId: number) => `portfolio-tiles:${organizationId}:${portfolioId}`;

export async function registerPortfolioMapRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const signer = () => app.imagery.signer;

  app.get('/caribou/portfolio/:id/map', { config: { policy: 'portfolio:read' } }, async (request): Promise<PortfolioMapSource> => {
    const actor = actorOf(request);
    const { id } = z.object({ id: z.coerce.number().int().positive() }).parse(request.params);
    const { product } = portfolioMapQuerySchema.parse(request.query);
    const { portfolio, product: row } = await findOwnProduct(db, actor, id, product);
    const runId = row.current_run_id;
    const query = new URLSearchParams({ product, ...(runId ? { run: String(runId) } : {}) });
    const template = `${app.ctx.config.publicUrl}/api/caribou/portfolio/${id}/tiles/{z}/{x}/{y}.pbf?${query}`;
    return {
      tiles: [signer().signUrl(template, tileScope(portfolio.organization_id, id))],
      layer: PORTFOLIO_TILE_LAYER,
      bounds: await placedBounds(db, id),
      pointsMinZoom: POINTS_MIN_ZOOM,
      maxzoom: MAX_TILE_ZOOM,
      runId,
    };
  });

  app.get('/caribou/portfolio/:id/tiles/:z/:x/:y.pbf', { config: { policy: 'portfolio:read', signedUrl: true } }, async (request, reply) => {
    const tile = portfolioTileParamsSchema.parse(request.params);
    const query = portfolioTileQuerySchema.parse(request.query);
    let portfolio;
    if (request.actor) {
      portfolio = await findOwnPortfolio(db, request.actor, tile.id);
    } else {
      portfolio = await db.selectFrom('portfolios').select(['id', 'organization_id']).where('id', '=', tile.id).executeTakeFirst();
      // An unknown id is checked against a scope no URL was signed for: the same 403 as a bad signature.
      const check = signer().verify(tileScope(portfolio?.organization_id ?? 0, tile.id), query.exp, query.sig);
      if (check === 'missing') throw unauthorized();
      if (check === 'expired') throw forbidden('The signed URL has expired.');
      if (check !== 'ok' || !portfolio) throw forbidden('The signed URL is not valid.');
    }
    const product = await db
      .selectFrom('portfolio_products')
      .select('current_run_id')
      .where('portfolio_id', '=', portfolio.id)
      .where('product', '=', query.product)
      .executeTakeFirst();
    if (!product) throw notFound(`This portfolio has no ${query.product} results.`);
    const runId = query.run ?? product.current_run_id;
    const run = runId
      ? await db.selectFrom('portfolio_runs').select(['id', 'completed_at']).where('id', '=', runId).where('portfolio_id', '=', portfolio.id).where('product', '=', query.product).executeTakeFirst()
      : undefined;
    if (query.run && !run) throw notFound('This run of the portfolio was not found.');
    const data = run ? await renderPortfolioTile(db, portfolio.id, run.id, tile) : new Uint8Array();
    // A finished run's tiles never change (a rerun has a new run id, so a new URL).
    reply.header('cache-control', run?.completed_at && query.run ? 'private, max-age=86400' : 'no-store');
    return reply.type('application/vnd.mapbox-vector-tile').send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  });
}
