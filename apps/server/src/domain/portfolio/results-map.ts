import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/database.js';
import { findPortfolioOwner, findProduct, findRunOf } from '../../db/portfolios.js';
import { placedBounds } from '../../db/portfolio-tiles.js';
import { forbidden, notFound, unauthorized } from '../app-error.js';
import type { UrlSigner } from '../imagery/signing.js';
import { noResultsFor, ownPortfolio, ownProduct } from './access.js';
import { MAX_TILE_ZOOM, POINTS_MIN_ZOOM, PORTFOLIO_TILE_LAYER, renderPortfolioTile } from './io/index.js';

/**
 * The results map: the signed-in user gets a signed tile URL template (MapLibre's tile requests
 * cannot carry a bearer token, like imagery tiles); a tile answers either a bearer token of the
 * owning organisation or that signature. The signature's scope names the organisation and the
 * portfolio, so a URL opens only that portfolio's tiles, and stops working when the portfolio
 * moves to another organisation.
 */
const tileScope = (organizationId: number, portfolioId: number) => `portfolio-tiles:${organizationId}:${portfolioId}`;

export async function mapSource(
  db: Db,
  signer: UrlSigner,
  actor: Actor,
  input: { id: number; product: string; origin: string },
) {
  const { id, product } = input;
  const { portfolio, product: row } = await ownProduct(db, actor, id, product);
  const runId = row.current_run_id;
  const query = new URLSearchParams({ product, ...(runId ? { run: String(runId) } : {}) });
  const template = `${input.origin}/api/caribou/portfolio/${id}/tiles/{z}/{x}/{y}.pbf?${query}`;
  return {
    tiles: [signer.signUrl(template, tileScope(portfolio.organization_id, id))],
    layer: PORTFOLIO_TILE_LAYER,
    bounds: await placedBounds(db, id),
    pointsMinZoom: POINTS_MIN_ZOOM,
    maxzoom: MAX_TILE_ZOOM,
    runId,
  };
}

/** The portfolio a tile request may open: the actor's own, or the one its signature names. */
async function tilePortfolio(
  db: Db,
  signer: UrlSigner,
  actor: Actor | undefined,
  id: number,
  signature: { exp?: string; sig?: string },
) {
  if (actor) return ownPortfolio(db, actor, id);
  const portfolio = await findPortfolioOwner(db, id);
  // An unknown id is checked against a scope no URL was signed for: the same 403 as a bad signature.
  const check = signer.verify(tileScope(portfolio?.organization_id ?? 0, id), signature.exp, signature.sig);
  if (check === 'missing') throw unauthorized();
  if (check === 'expired') throw forbidden('The signed URL has expired.');
  if (check !== 'ok' || !portfolio) throw forbidden('The signed URL is not valid.');
  return portfolio;
}

/** One vector tile of a run's results, and whether it may be cached (a finished run named by id never changes). */
export async function resultsTile(
  db: Db,
  signer: UrlSigner,
  actor: Actor | undefined,
  input: { id: number; z: number; x: number; y: number; product: string; run?: number; exp?: string; sig?: string },
) {
  const portfolio = await tilePortfolio(db, signer, actor, input.id, input);
  const product = await findProduct(db, portfolio.id, input.product);
  if (!product) throw notFound(noResultsFor(input.product));
  const runId = input.run ?? product.current_run_id;
  const run = runId ? await findRunOf(db, portfolio.id, input.product, runId) : undefined;
  if (input.run && !run) throw notFound('This run of the portfolio was not found.');
  const data = run ? await renderPortfolioTile(db, portfolio.id, run.id, input) : new Uint8Array();
  return { data, cacheable: Boolean(run?.completed_at && input.run) };
}
