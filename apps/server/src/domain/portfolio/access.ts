import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/database.js';
import { findProduct, findPortfolio, type PortfolioProductRow, type PortfolioRow } from '../../db/portfolios.js';
import { notFound } from '../app-error.js';

export const PORTFOLIO_NOT_FOUND = 'This portfolio was not found.';
export const noResultsFor = (product: string) => `This portfolio has no ${product} results.`;

/** A portfolio of the acting organisation, or 404 (a foreign organisation's portfolio does not exist for the caller). */
export async function ownPortfolio(db: Db, actor: Actor, id: number): Promise<PortfolioRow> {
  const portfolio = await findPortfolio(db, actor.organization.id, id);
  if (!portfolio) throw notFound(PORTFOLIO_NOT_FOUND);
  return portfolio;
}

/** A product of a portfolio of the acting organisation, or 404. */
export async function ownProduct(db: Db, actor: Actor, id: number, product: string): Promise<{ portfolio: PortfolioRow; product: PortfolioProductRow }> {
  const portfolio = await ownPortfolio(db, actor, id);
  const row = await findProduct(db, id, product);
  if (!row) throw notFound(noResultsFor(product));
  return { portfolio, product: row };
}
