import type { FileStatus } from '@zview/contracts';
import { sql } from 'kysely';
import type { Db } from './database.js';
import type { Insertable, Selectable } from 'kysely';
import type { PortfolioProductsTable, PortfoliosTable } from './schema.js';

/**
 * Repository of the portfolio tables (portfolios, portfolio_products, portfolio_runs): plain
 * statements, no decisions. Every function that reads organisation data takes the organisation
 * it is scoped to. A function given a transaction (a Db) runs inside it.
 */
export type PortfolioRow = Selectable<PortfoliosTable>;
export type PortfolioProductRow = Selectable<PortfolioProductsTable>;

/** `%…%` pattern for LIKE/ILIKE with the user's wildcards escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

export function findPortfolio(db: Db, organizationId: number, id: number): Promise<PortfolioRow | undefined> {
  return db
    .selectFrom('portfolios')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** Unscoped: only for a caller that proves access otherwise (a signed tile URL). */
export function findPortfolioOwner(db: Db, id: number) {
  return db.selectFrom('portfolios').select(['id', 'organization_id']).where('id', '=', id).executeTakeFirst();
}

export function findProduct(db: Db, portfolioId: number, product: string): Promise<PortfolioProductRow | undefined> {
  return db
    .selectFrom('portfolio_products')
    .selectAll()
    .where('portfolio_id', '=', portfolioId)
    .where('product', '=', product)
    .executeTakeFirst();
}

export function productsOf(db: Db, portfolioId: number, product?: string): Promise<PortfolioProductRow[]> {
  let query = db.selectFrom('portfolio_products').selectAll().where('portfolio_id', '=', portfolioId);
  if (product) query = query.where('product', '=', product);
  return query.execute();
}

export function runsOf(db: Db, portfolioId: number) {
  return db.selectFrom('portfolio_runs').selectAll().where('portfolio_id', '=', portfolioId).orderBy('id').execute();
}

export function findRunOf(db: Db, portfolioId: number, product: string, runId: number) {
  return db
    .selectFrom('portfolio_runs')
    .select(['id', 'completed_at'])
    .where('id', '=', runId)
    .where('portfolio_id', '=', portfolioId)
    .where('product', '=', product)
    .executeTakeFirst();
}

export interface PortfolioListFilter {
  /** Organisations to list, or 'all' (internal admins' view). */
  organizations: number[] | 'all';
  statuses: FileStatus[];
  products: string[];
  search?: string;
}

function matching(db: Db, filter: PortfolioListFilter) {
  let query = db
    .selectFrom('portfolios as p')
    .innerJoin('portfolio_products as pp', 'pp.portfolio_id', 'p.id')
    .where('pp.status', 'in', filter.statuses);
  if (filter.organizations !== 'all') query = query.where('p.organization_id', 'in', filter.organizations);
  if (filter.products.length) query = query.where('pp.product', 'in', filter.products);
  if (filter.search) query = query.where('p.name', 'ilike', containsPattern(filter.search));
  return query;
}

/** Ids of one page of the portfolios matching the filter (newest first) and the number matching. */
export async function portfolioPage(db: Db, filter: PortfolioListFilter, page: { limit: number; offset: number }) {
  const base = matching(db, filter);
  const { total } = await base
    .select((eb) => eb.fn.count<number>(sql`DISTINCT p.id`).as('total'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .select(['p.id', 'p.created_at'])
    .distinct()
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(total), ids: rows.map((r) => r.id) };
}

/** The list rows of the given portfolios, with organisation name and original file name. */
export function portfolioSummaries(db: Db, ids: number[]) {
  return db
    .selectFrom('portfolios as p')
    .innerJoin('organizations as o', 'o.id', 'p.organization_id')
    .innerJoin('portfolio_uploads as u', 'u.name', 'p.uploaded_file_name')
    .select([
      'p.id',
      'p.name',
      'p.description',
      'p.portfolio_type',
      'p.organization_id',
      'o.name as organization_name',
      'p.row_count',
      'p.created_at',
      'u.original_name',
      'p.processing_error',
    ])
    .where('p.id', 'in', ids)
    .execute();
}
export type PortfolioSummaryRow = Awaited<ReturnType<typeof portfolioSummaries>>[number];

export function productsOfPortfolios(db: Db, ids: number[], statuses: FileStatus[], products: string[]) {
  let query = db
    .selectFrom('portfolio_products')
    .selectAll()
    .where('portfolio_id', 'in', ids)
    .where('status', 'in', statuses);
  if (products.length) query = query.where('product', 'in', products);
  return query.execute();
}

/** Product count per (status, product) over one organisation's portfolios, or every one's (null). */
export function statusProductCounts(db: Db, organizationId: number | null) {
  let query = db
    .selectFrom('portfolio_products as pp')
    .innerJoin('portfolios as p', 'p.id', 'pp.portfolio_id')
    .select(['pp.status', 'pp.product', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['pp.status', 'pp.product']);
  if (organizationId !== null) query = query.where('p.organization_id', '=', organizationId);
  return query.execute();
}

export function allOrganizationNames(db: Db) {
  return db.selectFrom('organizations').select(['id', 'name']).orderBy('name').execute();
}

export function findOrganization(db: Db, id: number) {
  return db.selectFrom('organizations').select(['id', 'products']).where('id', '=', id).executeTakeFirst();
}

/** Whether the organisation has a portfolio of this name (case-insensitive), other than `exceptId`. */
export async function nameTaken(db: Db, organizationId: number, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('portfolios')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId) query = query.where('id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
}

export function insertPortfolio(db: Db, values: Insertable<PortfoliosTable>): Promise<PortfolioRow> {
  return db.insertInto('portfolios').values(values).returningAll().executeTakeFirstOrThrow();
}

/** New products of a portfolio, UPLOADED; with `skipExisting` products it already has are left out. */
export function insertProducts(
  db: Db,
  portfolioId: number,
  products: string[],
  options: { skipExisting?: boolean } = {},
) {
  let query = db
    .insertInto('portfolio_products')
    .values(products.map((product) => ({ portfolio_id: portfolioId, product, current_run_id: null })));
  if (options.skipExisting) query = query.onConflict((oc) => oc.doNothing());
  return query.returning(['product', 'status']).execute();
}

/** Changes a product's status only if it is still `from` (a concurrent change wins). */
export function updateProductStatus(db: Db, portfolioId: number, product: string, from: FileStatus, to: FileStatus) {
  return db
    .updateTable('portfolio_products')
    .set({ status: to, updated_at: new Date() })
    .where('portfolio_id', '=', portfolioId)
    .where('product', '=', product)
    .where('status', '=', from)
    .returning(['product', 'status'])
    .executeTakeFirst();
}

export function updatePortfolio(db: Db, id: number, values: { name: string; organization_id: number }) {
  return db
    .updateTable('portfolios')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returning(['id', 'name', 'organization_id'])
    .executeTakeFirstOrThrow();
}

/** Removes one product and its runs; returns whether the portfolio has any product left. */
export async function deleteProductAndRuns(db: Db, portfolioId: number, product: string): Promise<boolean> {
  await db
    .deleteFrom('portfolio_products')
    .where('portfolio_id', '=', portfolioId)
    .where('product', '=', product)
    .execute();
  await db
    .deleteFrom('portfolio_runs')
    .where('portfolio_id', '=', portfolioId)
    .where('product', '=', product)
    .execute();
  return Boolean(
    await db
      .selectFrom('portfolio_products')
      .select('product')
      .where('portfolio_id', '=', portfolioId)
      .executeTakeFirst(),
  );
}

export async function deletePortfolio(db: Db, id: number) {
  await db.deleteFrom('portfolios').where('id', '=', id).execute();
}

export async function setExportColumns(db: Db, portfolioId: number, product: string, columns: string[]) {
  await db
    .updateTable('portfolio_products')
    .set({ export_columns: JSON.stringify(columns), export_blob: null, updated_at: new Date() })
    .where('portfolio_id', '=', portfolioId)
    .where('product', '=', product)
    .execute();
}

/** Records an export: when, and (for a stored CSV) its blob. */
export async function setExported(
  db: Db,
  portfolioId: number,
  product: string,
  values: { exportedAt: Date; blob?: string },
) {
  await db
    .updateTable('portfolio_products')
    .set({ exported_at: values.exportedAt, ...(values.blob ? { export_blob: values.blob } : {}) })
    .where('portfolio_id', '=', portfolioId)
    .where('product', '=', product)
    .execute();
}
