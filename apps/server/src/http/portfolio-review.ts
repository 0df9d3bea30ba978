import {
  FILE_STATUSES,
  INTERNAL_ADMIN_ROLE_GROUP,
  PORTFOLIO_ROLE_GROUP_HEADER,
  fileStatusLabel,
  PORTFOLIO_PRODUCTS,
  PRODUCT_DISPLAY_NAMES,
  portfolioListQuerySchema,
  portfolioPageQuerySchema,
  portfolioPropertiesQuerySchema,
  RISK_LEVELS,
  type FileStatus,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../auth/actor.js';
import type { Db } from '../db/database.js';
import { displayAddress, runProgress, runSummary } from '../db/portfolio-queries.js';
import type { PortfolioServices } from '../domain/portfolio/services.js';
import { badRequest, notFound } from './errors.js';
import { actorOf, findOwnPortfolio } from './portfolio-access.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Organisations whose portfolios the caller may list: its own; internal admins may name others,
 * and with the role-group header (SPEC §6) and no organisation filter they see every one ('all').
 */
function listOrganizations(actor: Actor, requested: string[], roleGroup: unknown): number[] | 'all' {
  const ids = requested.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const adminView = actor.isInternalAdmin && roleGroup === INTERNAL_ADMIN_ROLE_GROUP;
  if (!ids.length) return adminView ? 'all' : [actor.organization.id];
  return actor.isInternalAdmin ? ids : ids.filter((id) => id === actor.organization.id);
}

/** The product whose results a review call shows: the one asked for, or the portfolio's first. */
async function productOf(db: Db, portfolioId: number, requested: string | undefined) {
  let query = db.selectFrom('portfolio_products').selectAll().where('portfolio_id', '=', portfolioId);
  if (requested) query = query.where('product', '=', requested);
  const rows = await query.execute();
  const order = PORTFOLIO_PRODUCTS as readonly string[];
  rows.sort((a, b) => order.indexOf(a.product) - order.indexOf(b.product));
  if (requested && !rows.length) throw notFound(`This portfolio has no ${requested} results.`);
  return rows[0] ?? null;
}

export async function registerPortfolioReviewRoutes(app: FastifyInstance, _services: PortfolioServices) {
  const { db } = app.ctx;

  app.get('/caribou/portfolios', { config: { policy: 'portfolio:read' } }, async (request) => {
    const actor = actorOf(request);
    const q = portfolioListQuerySchema.parse(request.query);
    const badStatus = q.status.find((s) => !(FILE_STATUSES as readonly string[]).includes(s));
    if (badStatus) throw badRequest(`Unknown status "${badStatus}". Use one of ${FILE_STATUSES.join(', ')}.`);
    const orgs = listOrganizations(actor, q.organization, request.headers[PORTFOLIO_ROLE_GROUP_HEADER]);
    if (!orgs.length) return { portfolios: [], total: 0, page: q.page, itemsPerPage: q.itemsPerPage };
    // Archived files are hidden unless asked for by status.
    const statuses = (q.status.length ? q.status : FILE_STATUSES.filter((s) => s !== 'ARCHIVED')) as FileStatus[];
    let matching = db
      .selectFrom('portfolios as p')
      .innerJoin('portfolio_products as pp', 'pp.portfolio_id', 'p.id')
      .where('pp.status', 'in', statuses);
    if (orgs !== 'all') matching = matching.where('p.organization_id', 'in', orgs);
    if (q.product.length) matching = matching.where('pp.product', 'in', q.product);
    if (q.search) matching = matching.where('p.name', 'ilike', `%${q.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
    const { total } = await matching.select((eb) => eb.fn.count<number>(sql`DISTINCT p.id`).as('total')).executeTakeFirstOrThrow();
    const page = await matching
      .select(['p.id', 'p.created_at'])
      .distinct()
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(q.itemsPerPage)
      .offset((q.page - 1) * q.itemsPerPage)
      .execute();
    const ids = page.map((r) => r.id);
    if (!ids.length) return { portfolios: [], total: Number(total), page: q.page, itemsPerPage: q.itemsPerPage };
    const portfolios = await db
      .selectFrom('portfolios as p')
      .innerJoin('organizations as o', 'o.id', 'p.organization_id')
      .innerJoin('portfolio_uploads as u', 'u.name', 'p.uploaded_file_name')
      .select(['p.id', 'p.name', 'p.description', 'p.portfolio_type', 'p.organization_id', 'o.name as organization_name', 'p.row_count', 'p.created_at', 'u.original_name', 'p.processing_error'])
      .where('p.id', 'in', ids)
      .execute();
    let productsQuery = db.selectFrom('portfolio_products').selectAll().where('portfolio_id', 'in', ids).where('status', 'in', statuses);
    if (q.product.length) productsQuery = productsQuery.where('product', 'in', q.product);
    const products = await productsQuery.execute();
    const progress = await runProgress(db, products.map((p) => p.current_run_id).filter((id): id is number => id !== null));
    const byId = new Map(portfolios.map((p) => [p.id, p]));
    return {
      portfolios: ids.map((id) => {
        const p = byId.get(id)!;
        return {
          id: p.id,
          name: p.name,
          description: p.description,
          portfolioType: p.portfolio_type,
          organizationId: p.organization_id,
          organizationName: p.organization_name,
          originalFileName: p.original_name,
          rowCount: p.row_count,
          createdAt: p.created_at.toISOString(),
          processingError: p.processing_error,
          products: products
            .filter((pp) => pp.portfolio_id === id)
            .map((pp) => ({
              product: pp.product,
              status: pp.status,
              statusLabel: fileStatusLabel(pp.status) ?? null,
              progress: pp.current_run_id ? (progress.get(pp.current_run_id) ?? null) : null,
            })),
        };
      }),
      total: Number(total),
      page: q.page,
      itemsPerPage: q.itemsPerPage,
    };
  });

  // The filter options of the list (Filter kinds: product, status, organization) with counts.
  app.get('/caribou/portfolios/metadata', { config: { policy: 'portfolio:read' } }, async (request) => {
    const actor = actorOf(request);
    const adminView = listOrganizations(actor, [], request.headers[PORTFOLIO_ROLE_GROUP_HEADER]) === 'all';
    let countsQuery = db
      .selectFrom('portfolio_products as pp')
      .innerJoin('portfolios as p', 'p.id', 'pp.portfolio_id')
      .select(['pp.status', 'pp.product', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['pp.status', 'pp.product']);
    if (!adminView) countsQuery = countsQuery.where('p.organization_id', '=', actor.organization.id);
    const counts = await countsQuery.execute();
    const organizations = adminView
      ? (await db.selectFrom('organizations').select(['id', 'name']).orderBy('name').execute()).map((o) => ({ value: o.id, display: o.name }))
      : [{ value: actor.organization.id, display: actor.organization.name }];
    const sum = (key: 'status' | 'product', value: string) => counts.filter((c) => c[key] === value).reduce((n, c) => n + Number(c.n), 0);
    return {
      filters: {
        product: PORTFOLIO_PRODUCTS.map((p) => ({ value: p, display: PRODUCT_DISPLAY_NAMES[p], count: sum('product', p) })),
        status: FILE_STATUSES.filter((s) => s !== 'ARCHIVED').map((s) => ({ value: s, display: fileStatusLabel(s)!, count: sum('status', s) })),
        organization: organizations,
      },
    };
  });

  app.get('/caribou/portfolio/:id/metadata', { config: { policy: 'portfolio:read' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = idParams.parse(request.params);
    const portfolio = await findOwnPortfolio(db, actor, id);
    const products = await db.selectFrom('portfolio_products').selectAll().where('portfolio_id', '=', id).execute();
    const runs = await db.selectFrom('portfolio_runs').selectAll().where('portfolio_id', '=', id).orderBy('id').execute();
    const progress = await runProgress(db, runs.map((r) => r.id));
    const statusCounts = Object.fromEntries(FILE_STATUSES.map((s) => [s, products.filter((p) => p.status === s).length]));
    return {
      id: portfolio.id,
      name: portfolio.name,
      description: portfolio.description,
      portfolioType: portfolio.portfolio_type,
      organizationId: portfolio.organization_id,
      rowCount: portfolio.row_count,
      columns: portfolio.header,
      layout: portfolio.column_mapping.layout,
      createdAt: portfolio.created_at.toISOString(),
      processingError: portfolio.processing_error,
      statusCounts,
      unusableRows: portfolio.geocode_counts.unusable ?? 0,
      geocodePrecision: portfolio.geocode_counts,
      products: await Promise.all(
        products.map(async (p) => ({
          product: p.product,
          status: p.status,
          statusLabel: fileStatusLabel(p.status) ?? null,
          currentRunId: p.current_run_id,
          exportColumns: p.export_columns,
          exportedAt: p.exported_at?.toISOString() ?? null,
          progress: p.current_run_id ? (progress.get(p.current_run_id) ?? null) : null,
          ...(p.current_run_id ? await runSummary(db, p.current_run_id) : { riskLevels: { low: 0, medium: 0, high: 0, none: 0 }, errorCount: 0 }),
          runs: runs
            .filter((r) => r.product === p.product)
            .map((r) => ({
              runId: r.id,
              modelVersion: r.model_version,
              dataDate: r.data_date,
              previousRunId: r.previous_run_id,
              changedCount: r.changed_count,
              startedAt: r.created_at.toISOString(),
              completedAt: r.completed_at?.toISOString() ?? null,
              suspended: r.suspended_at !== null,
              progress: progress.get(r.id) ?? null,
            })),
        })),
      ),
    };
  });

  app.get('/caribou/portfolio/:id/properties', { config: { policy: 'portfolio:read' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = idParams.parse(request.params);
    const q = portfolioPropertiesQuerySchema.parse(request.query);
    await findOwnPortfolio(db, actor, id);
    const product = await productOf(db, id, q.product);
    const empty = { product: product?.product ?? null, properties: [], total: 0, page: q.page, itemsPerPage: q.itemsPerPage };
    if (!product?.current_run_id) return empty;
    const badLevel = q.riskLevel.find((l) => !(RISK_LEVELS as readonly string[]).includes(l));
    if (badLevel) throw badRequest(`Unknown risk level "${badLevel}". Use one of ${RISK_LEVELS.join(', ')}.`);
    let base = db
      .selectFrom('portfolio_results as r')
      .innerJoin('portfolio_rows as w', (join) => join.on('w.portfolio_id', '=', id).onRef('w.row_number', '=', 'r.row_number'))
      .where('r.run_id', '=', product.current_run_id)
      .where('r.problem', 'is', null);
    if (q.riskLevel.length) base = base.where('r.risk_level', 'in', q.riskLevel as never[]);
    const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const sortColumn = { rowNumber: 'r.row_number', ref: 'w.ref', score: 'r.score', riskLevel: sql`array_position(ARRAY['low','medium','high','none'], r.risk_level)`, confidence: 'r.confidence' }[q.sort];
    const rows = await base
      .select(['r.row_number', 'w.ref', 'w.address', 'w.street', 'w.city', 'w.state', 'w.zip', 'w.geo_latitude', 'w.geo_longitude', 'w.geo_precision', 'r.score', 'r.risk_level', 'r.confidence', 'r.top_factors', 'r.model_version'])
      .orderBy(sortColumn as never, q.order)
      .orderBy('r.row_number')
      .limit(q.itemsPerPage)
      .offset((q.page - 1) * q.itemsPerPage)
      .execute();
    return {
      product: product.product,
      properties: rows.map((r) => ({
        rowNumber: r.row_number,
        ref: r.ref,
        address: displayAddress(r),
        latitude: r.geo_latitude,
        longitude: r.geo_longitude,
        geocodePrecision: r.geo_precision,
        score: r.score,
        riskLevel: r.risk_level,
        confidence: r.confidence,
        topFactors: r.top_factors,
        modelVersion: r.model_version,
      })),
      total: Number(total),
      page: q.page,
      itemsPerPage: q.itemsPerPage,
    };
  });

  // Rows that could not be scored, each with the reason in plain words.
  app.get('/caribou/portfolio/:id/errors', { config: { policy: 'portfolio:read' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = idParams.parse(request.params);
    const q = portfolioPageQuerySchema.parse(request.query);
    await findOwnPortfolio(db, actor, id);
    const product = await productOf(db, id, q.product);
    const runId = product?.current_run_id ?? null;
    // With a run: its failed results; before any run: the rows already known to be unusable.
    const base = runId
      ? db
          .selectFrom('portfolio_results as r')
          .innerJoin('portfolio_rows as w', (join) => join.on('w.portfolio_id', '=', id).onRef('w.row_number', '=', 'r.row_number'))
          .where('r.run_id', '=', runId)
          .where('r.problem', 'is not', null)
          .select(['w.row_number', 'w.ref', 'w.address', 'w.street', 'w.city', 'w.state', 'w.zip', 'r.problem as reason'])
      : db
          .selectFrom('portfolio_rows as w')
          .where('w.portfolio_id', '=', id)
          .where((eb) => eb.or([eb('w.problem', 'is not', null), eb('w.geo_problem', 'is not', null)]))
          .select(['w.row_number', 'w.ref', 'w.address', 'w.street', 'w.city', 'w.state', 'w.zip', sql<string>`coalesce(w.problem, w.geo_problem)`.as('reason')]);
    const { total } = await db.selectFrom(base.as('e')).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom(base.as('e'))
      .selectAll()
      .orderBy('row_number')
      .limit(q.itemsPerPage)
      .offset((q.page - 1) * q.itemsPerPage)
      .execute();
    return {
      product: product?.product ?? null,
      errors: rows.map((r) => ({ rowNumber: r.row_number, ref: r.ref, address: displayAddress(r), reason: r.reason })),
      total: Number(total),
      page: q.page,
      itemsPerPage: q.itemsPerPage,
    };
  });

  app.get('/caribou/portfolio/:id/autocomplete', { config: { policy: 'portfolio:read' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = idParams.parse(request.params);
    const q = z.object({ q: z.string().trim().max(200).default(''), limit: z.coerce.number().int().min(1).max(50).default(10) }).parse(request.query);
    await findOwnPortfolio(db, actor, id);
    if (!q.q) return { suggestions: [] };
    const pattern = `%${q.q.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    const rows = await db
      .selectFrom('portfolio_rows')
      .select(['row_number', 'ref', 'address', 'street', 'city', 'state', 'zip'])
      .where('portfolio_id', '=', id)
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['ref']), 'like', pattern),
          eb(eb.fn('lower', [sql`concat_ws(' ', address, street, city, state, zip)`]), 'like', pattern),
        ]),
      )
      .orderBy('row_number')
      .limit(q.limit)
      .execute();
    return { suggestions: rows.map((r) => ({ rowNumber: r.row_number, ref: r.ref, address: displayAddress(r) })) };
  });

  // The original rows exactly as uploaded.
  app.get('/caribou/portfolio/:id/raw', { config: { policy: 'portfolio:read' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = idParams.parse(request.params);
    const q = portfolioPageQuerySchema.parse(request.query);
    const portfolio = await findOwnPortfolio(db, actor, id);
    const rows = await db
      .selectFrom('portfolio_rows')
      .select(['row_number', 'raw_values'])
      .where('portfolio_id', '=', id)
      .orderBy('row_number')
      .limit(q.itemsPerPage)
      .offset((q.page - 1) * q.itemsPerPage)
      .execute();
    return {
      columns: portfolio.header,
      rows: rows.map((r) => ({ rowNumber: r.row_number, values: r.raw_values })),
      total: portfolio.row_count ?? 0,
      page: q.page,
      itemsPerPage: q.itemsPerPage,
    };
  });

  // One property (row) of a portfolio for one product, with its score in every run.
  app.get('/caribou/portfolio/:batch/property/:property/:product', { config: { policy: 'portfolio:read' } }, async (request) => {
    const actor = actorOf(request);
    const params = z.object({ batch: z.coerce.number().int().positive(), property: z.coerce.number().int().positive(), product: z.string().min(1) }).parse(request.params);
    const portfolio = await findOwnPortfolio(db, actor, params.batch);
    const product = await productOf(db, portfolio.id, params.product);
    const row = await db.selectFrom('portfolio_rows').selectAll().where('portfolio_id', '=', portfolio.id).where('row_number', '=', params.property).executeTakeFirst();
    if (!row || !product) throw notFound('This property was not found in the portfolio.');
    const history = await db
      .selectFrom('portfolio_results as r')
      .innerJoin('portfolio_runs as run', 'run.id', 'r.run_id')
      .select(['r.run_id', 'r.score', 'r.risk_level', 'r.confidence', 'r.top_factors', 'r.model_version', 'r.problem', 'run.data_date', 'run.created_at'])
      .where('run.portfolio_id', '=', portfolio.id)
      .where('run.product', '=', product.product)
      .where('r.row_number', '=', row.row_number)
      .orderBy('r.run_id', 'desc')
      .execute();
    const shape = (r: (typeof history)[number]) => ({
      runId: r.run_id,
      score: r.score,
      riskLevel: r.risk_level,
      confidence: r.confidence,
      topFactors: r.top_factors,
      modelVersion: r.model_version,
      dataDate: r.data_date,
      scoredAt: r.created_at.toISOString(),
      problem: r.problem,
    });
    const current = history.find((h) => h.run_id === product.current_run_id);
    return {
      portfolioId: portfolio.id,
      product: product.product,
      rowNumber: row.row_number,
      ref: row.ref,
      address: displayAddress(row),
      values: Object.fromEntries(portfolio.header.map((column, i) => [column, row.raw_values[i] ?? ''])),
      geocode: { latitude: row.geo_latitude, longitude: row.geo_longitude, precision: row.geo_precision, problem: row.geo_problem },
      problem: row.problem,
      result: current ? shape(current) : null,
      history: history.map(shape),
    };
  });
}
