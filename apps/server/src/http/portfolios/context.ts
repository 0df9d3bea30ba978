import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../auth/actor.js';
import type { PortfolioDeps } from '../../domain/portfolio/services.js';
import { createPortfolioServices, portfolioDeps } from '../../portfolio-services.js';
import { unauthorized } from '../errors.js';

/** What every portfolio route file shares: the actor, the domain's dependencies, path parameters. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** The portfolio services of the app (made on first use when the composition root gave none). */
export function depsOf(app: FastifyInstance): PortfolioDeps {
  app.ctx.portfolio ??= createPortfolioServices(app.ctx);
  return portfolioDeps(app.ctx.db, app.ctx.portfolio);
}

export { portfolioIdParamsSchema as idParams, portfolioProductParamsSchema as productParams } from '@zview/contracts';
