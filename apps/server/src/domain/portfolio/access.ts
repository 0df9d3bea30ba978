import type { Actor } from '../../auth/actor.js';
import { can, type PolicyAction } from '../../auth/policy.js';
import type { Db } from '../../db/database.js';
import { findProduct, findPortfolio, type PortfolioProductRow, type PortfolioRow } from '../../db/portfolios.js';
import { notFound } from '../app-error.js';

export const PORTFOLIO_NOT_FOUND = 'This portfolio was not found.';
export const noResultsFor = (product: string) => `This portfolio has no ${product} results.`;

type PortfolioAction = Extract<PolicyAction, `portfolio:${string}`>;

/**
 * A portfolio of the acting organisation that the policy lets the actor `action`, or 404: the
 * query is scoped to the organisation, and the policy is asked about the object itself, so a
 * foreign organisation's portfolio does not exist for the caller.
 */
export async function ownPortfolio(
  db: Db,
  actor: Actor,
  id: number,
  action: PortfolioAction = 'portfolio:read',
): Promise<PortfolioRow> {
  const portfolio = await findPortfolio(db, actor.organization.id, id);
  if (!portfolio || !can(actor, action, { organizationId: portfolio.organization_id }))
    throw notFound(PORTFOLIO_NOT_FOUND);
  return portfolio;
}

/** A product of a portfolio of the acting organisation, or 404. */
export async function ownProduct(
  db: Db,
  actor: Actor,
  id: number,
  product: string,
  action: PortfolioAction = 'portfolio:read',
): Promise<{ portfolio: PortfolioRow; product: PortfolioProductRow }> {
  const portfolio = await ownPortfolio(db, actor, id, action);
  const row = await findProduct(db, id, product);
  if (!row) throw notFound(noResultsFor(product));
  return { portfolio, product: row };
}
