import {
  FILE_STATUSES,
  INTERNAL_ADMIN_ROLE_GROUP,
  PORTFOLIO_PRODUCTS,
  RISK_LEVELS,
  type FileStatus,
} from '@zview/contracts';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/database.js';
import { runProgress, runSummary } from '../../db/portfolio-queries.js';
import {
  errorsPage,
  findRow,
  rawRowsPage,
  resultsPage,
  rowHistory,
  searchRows,
  type ResultSort,
} from '../../db/portfolio-review.js';
import {
  allOrganizationNames,
  portfolioPage,
  portfolioSummaries,
  productsOf,
  productsOfPortfolios,
  runsOf,
  statusProductCounts,
} from '../../db/portfolios.js';
import { badRequest, notFound } from '../app-error.js';
import { noResultsFor, ownPortfolio } from './access.js';

/**
 * The portfolio tool's read side: what the list, the review screens and the property drawer
 * show. Each function finds the portfolio inside the acting organisation first (404 otherwise)
 * and returns rows; presenters (http/portfolios/presenters.ts) shape them into responses.
 */
export interface PageInput {
  page: number;
  itemsPerPage: number;
}
const paging = (q: PageInput) => ({ limit: q.itemsPerPage, offset: (q.page - 1) * q.itemsPerPage });

/**
 * Organisations whose portfolios the caller may list: its own; internal admins may name others,
 * and with the role-group header (SPEC §6) and no organisation filter they see every one ('all').
 */
export function listOrganizations(actor: Actor, requested: string[], roleGroup: unknown): number[] | 'all' {
  const ids = requested.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const adminView = actor.isInternalAdmin && roleGroup === INTERNAL_ADMIN_ROLE_GROUP;
  if (!ids.length) return adminView ? 'all' : [actor.organization.id];
  return actor.isInternalAdmin ? ids : ids.filter((id) => id === actor.organization.id);
}

/** The product whose results a review call shows: the one asked for, or the portfolio's first. */
async function productOf(db: Db, portfolioId: number, requested: string | undefined) {
  const rows = await productsOf(db, portfolioId, requested);
  const order = PORTFOLIO_PRODUCTS as readonly string[];
  rows.sort((a, b) => order.indexOf(a.product) - order.indexOf(b.product));
  if (requested && !rows.length) throw notFound(noResultsFor(requested));
  return rows[0] ?? null;
}

function oneOf<T extends string>(values: string[], allowed: readonly T[], what: string): T[] {
  const bad = values.find((v) => !(allowed as readonly string[]).includes(v));
  if (bad) throw badRequest(`Unknown ${what} "${bad}". Use one of ${allowed.join(', ')}.`);
  return values as T[];
}

export async function listPortfolios(
  db: Db,
  actor: Actor,
  q: PageInput & { product: string[]; status: string[]; organization: string[]; search?: string; roleGroup: unknown },
) {
  const status = oneOf(q.status, FILE_STATUSES, 'status');
  const organizations = listOrganizations(actor, q.organization, q.roleGroup);
  if (!organizations.length) return { total: 0, summaries: [], products: [], progress: new Map() };
  // Archived files are hidden unless asked for by status.
  const statuses: FileStatus[] = status.length ? status : FILE_STATUSES.filter((s) => s !== 'ARCHIVED');
  const { total, ids } = await portfolioPage(
    db,
    { organizations, statuses, products: q.product, search: q.search },
    paging(q),
  );
  if (!ids.length) return { total, summaries: [], products: [], progress: new Map() };
  const byId = new Map((await portfolioSummaries(db, ids)).map((p) => [p.id, p]));
  const products = await productsOfPortfolios(db, ids, statuses, q.product);
  const progress = await runProgress(
    db,
    products.map((p) => p.current_run_id).filter((id): id is number => id !== null),
  );
  return { total, summaries: ids.map((id) => byId.get(id)!), products, progress };
}

/** The list's filter options with counts (Filter kinds: product, status, organization). */
export async function listFilters(db: Db, actor: Actor, roleGroup: unknown) {
  const adminView = listOrganizations(actor, [], roleGroup) === 'all';
  const counts = await statusProductCounts(db, adminView ? null : actor.organization.id);
  const organizations = adminView
    ? await allOrganizationNames(db)
    : [{ id: actor.organization.id, name: actor.organization.name }];
  const sum = (key: 'status' | 'product', value: string) =>
    counts.filter((c) => c[key] === value).reduce((n, c) => n + Number(c.n), 0);
  return { sum, organizations };
}

export async function portfolioDetails(db: Db, actor: Actor, id: number) {
  const portfolio = await ownPortfolio(db, actor, id);
  const products = await productsOf(db, id);
  const runs = await runsOf(db, id);
  const progress = await runProgress(
    db,
    runs.map((r) => r.id),
  );
  const summaries = new Map(
    await Promise.all(
      products
        .filter((p) => p.current_run_id)
        .map(async (p) => [p.product, await runSummary(db, p.current_run_id!)] as const),
    ),
  );
  return { portfolio, products, runs, progress, summaries };
}

export async function portfolioResults(
  db: Db,
  actor: Actor,
  id: number,
  q: PageInput & { product?: string; riskLevel: string[]; sort: ResultSort; order: 'asc' | 'desc' },
) {
  await ownPortfolio(db, actor, id);
  const product = await productOf(db, id, q.product);
  if (!product?.current_run_id) return { product: product?.product ?? null, total: 0, rows: [] };
  const riskLevels = oneOf(q.riskLevel, RISK_LEVELS, 'risk level');
  const page = await resultsPage(
    db,
    id,
    product.current_run_id,
    { riskLevels, sort: q.sort, order: q.order },
    paging(q),
  );
  return { product: product.product, ...page };
}

/** Rows that could not be scored, each with the reason in plain words. */
export async function portfolioErrors(db: Db, actor: Actor, id: number, q: PageInput & { product?: string }) {
  await ownPortfolio(db, actor, id);
  const product = await productOf(db, id, q.product);
  const page = await errorsPage(db, id, product?.current_run_id ?? null, paging(q));
  return { product: product?.product ?? null, ...page };
}

export async function searchPortfolio(db: Db, actor: Actor, id: number, q: { q: string; limit: number }) {
  await ownPortfolio(db, actor, id);
  return q.q ? searchRows(db, id, q.q, q.limit) : [];
}

/** The original rows exactly as uploaded. */
export async function rawRows(db: Db, actor: Actor, id: number, q: PageInput) {
  const portfolio = await ownPortfolio(db, actor, id);
  return { portfolio, rows: await rawRowsPage(db, id, paging(q)) };
}

/** One property (row) of a portfolio for one product, with its score in every run. */
export async function portfolioProperty(
  db: Db,
  actor: Actor,
  input: { id: number; rowNumber: number; product: string },
) {
  const portfolio = await ownPortfolio(db, actor, input.id);
  const product = await productOf(db, portfolio.id, input.product);
  const row = await findRow(db, portfolio.id, input.rowNumber);
  if (!row || !product) throw notFound('This property was not found in the portfolio.');
  return { portfolio, product, row, history: await rowHistory(db, portfolio.id, product.product, row.row_number) };
}
