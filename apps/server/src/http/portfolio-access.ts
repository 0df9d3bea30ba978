import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor.js';
import type { Db } from '../db/database.js';
import { can } from '../auth/policy.js';
import { forbidden, notFound, unauthorized } from './errors.js';
import { isSignedUrlRequest } from './imagery.js';

/**
 * The portfolio routes' permissions, decided by the one policy (src/auth/policy.ts `can()`):
 * portfolio:read / portfolio:write need a portfolio product enabled for the acting organisation
 * (or an internal admin); jobs:admin needs an internal admin. Here only the messages are added.
 */
export type PortfolioPolicy = 'portfolio:read' | 'portfolio:write' | 'jobs:admin';

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

export function checkPolicy(actor: Actor, policy: PortfolioPolicy): void {
  if (can(actor, policy)) return;
  throw forbidden(policy === 'jobs:admin' ? 'Only internal administrators can manage jobs.' : 'Portfolios are not enabled for your organisation.');
}

/** Enforces `config.policy` of every portfolio route before its handler runs. */
export function enforcePortfolioPolicies(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const policy = request.routeOptions.config.policy as PortfolioPolicy | undefined;
    if (!policy || (policy as string) === 'public') return;
    // A signed tile URL stands in for the actor; the route verifies the signature itself.
    if (!request.actor && isSignedUrlRequest(request)) return;
    checkPolicy(actorOf(request), policy);
  });
}

export const PORTFOLIO_NOT_FOUND = 'This portfolio was not found.';

/** A portfolio of the acting organisation, or 404 (a foreign organisation's portfolio does not exist for the caller). */
export async function findOwnPortfolio(db: Db, actor: Actor, id: number) {
  const portfolio = await db.selectFrom('portfolios').selectAll().where('id', '=', id).where('organization_id', '=', actor.organization.id).executeTakeFirst();
  if (!portfolio) throw notFound(PORTFOLIO_NOT_FOUND);
  return portfolio;
}

export async function findOwnProduct(db: Db, actor: Actor, id: number, product: string) {
  const portfolio = await findOwnPortfolio(db, actor, id);
  const row = await db.selectFrom('portfolio_products').selectAll().where('portfolio_id', '=', id).where('product', '=', product).executeTakeFirst();
  if (!row) throw notFound(`This portfolio has no ${product} results.`);
  return { portfolio, product: row };
}
