import { sql, type Selectable } from 'kysely';
import type { Db } from './database.js';
import type { CustomerColumns, OrganizationProductsTable, OrganizationsTable } from './schema.js';

/**
 * Customers (organisations with their contract details), their product switches and their
 * users, for staff administration. Staff act for every organisation, so these queries take the
 * organisation id they touch; the domain has checked the caller is an internal admin.
 */
export type CustomerRow = Selectable<OrganizationsTable & CustomerColumns> & { user_count: number };
export type ProductSwitchRow = Selectable<OrganizationProductsTable>;

const userCount = sql<number>`(SELECT count(*)::int FROM organization_members m WHERE m.organization_id = o.id AND m.status <> 'deleted')`;

function customers(db: Db) {
  return db.selectFrom('organizations as o').selectAll('o').select(userCount.as('user_count'));
}

export interface CustomerFilter {
  search?: string;
  product?: string;
  trial?: boolean;
}

function filtered(db: Db, filter: CustomerFilter) {
  let query = customers(db);
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(o.name)`, 'like', pattern),
        eb(sql`lower(coalesce(o.contact_email, ''))`, 'like', pattern),
        ...(/^\d{1,9}$/.test(search) ? [eb('o.id', '=', Number(search))] : []),
      ]),
    );
  }
  if (filter.product) query = query.where(sql<boolean>`${filter.product} = ANY(o.products)`);
  if (filter.trial !== undefined) query = query.where('o.is_trial', '=', filter.trial);
  return query;
}

const SORT_COLUMNS = { name: sql`lower(o.name)`, id: sql`o.id`, createdAt: sql`o.created_at`, userCount } as const;

export async function listCustomers(
  db: Db,
  filter: CustomerFilter,
  page: { sort: keyof typeof SORT_COLUMNS; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: CustomerRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .orderBy(SORT_COLUMNS[page.sort], page.order)
      .orderBy('o.id', page.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, filter)
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

export async function customerFacets(
  db: Db,
): Promise<{ total: number; trial: number; products: { product: string; count: number }[] }> {
  const [totals, products] = await Promise.all([
    db
      .selectFrom('organizations')
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`(count(*) FILTER (WHERE is_trial))::int`.as('trial'),
      ])
      .executeTakeFirstOrThrow(),
    sql<{
      product: string;
      count: number;
    }>`SELECT p AS product, count(*)::int AS count FROM organizations, unnest(products) AS p GROUP BY p ORDER BY p`.execute(
      db,
    ),
  ]);
  return { ...totals, products: products.rows };
}

export async function findCustomer(db: Db, id: number): Promise<CustomerRow | undefined> {
  return customers(db).where('o.id', '=', id).executeTakeFirst();
}

export async function insertCustomer(
  db: Db,
  values: {
    name: string;
    is_trial: boolean;
    contact_email: string | null;
    account_manager: string | null;
    notes: string | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('organizations')
    .values({ ...values, products: [] })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCustomerRow(
  db: Db,
  id: number,
  values: Partial<{
    name: string;
    is_trial: boolean;
    contact_email: string | null;
    account_manager: string | null;
    notes: string | null;
  }>,
): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** A unique violation of organizations_name_unique (migration 0980): two creates of one name raced. */
export function isDuplicateCustomerName(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'organizations_name_unique';
}

export async function customerNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('organizations')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function organizationNames(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('organizations').select(['id', 'name']).where('id', 'in', ids).orderBy('id').execute();
}

export async function organizationIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('organizations').select('id').orderBy('id').limit(100_000).execute();
  return rows.map((r) => r.id);
}

/* Product switches. */

export async function listProductSwitches(db: Db, organizationId: number): Promise<ProductSwitchRow[]> {
  return db.selectFrom('organization_products').selectAll().where('organization_id', '=', organizationId).execute();
}

/** The organisation's effective products (without locking), if it exists. */
export async function customerProducts(db: Db, organizationId: number): Promise<string[] | undefined> {
  const row = await db
    .selectFrom('organizations')
    .select('products')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row?.products;
}

/** Locks the organisation's row so concurrent switch changes apply one after the other. */
export async function lockCustomerProducts(db: Db, organizationId: number): Promise<string[] | undefined> {
  const row = await db
    .selectFrom('organizations')
    .select('products')
    .where('id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
  return row?.products;
}

export async function upsertProductSwitch(
  db: Db,
  organizationId: number,
  product: string,
  values: { enabled: boolean; start_date: string | null; end_date: string | null },
) {
  await db
    .insertInto('organization_products')
    .values({ organization_id: organizationId, product, ...values })
    .onConflict((oc) =>
      oc.columns(['organization_id', 'product']).doUpdateSet({ ...values, updated_at: sql<Date>`now()` }),
    )
    .execute();
}

/** Writes the effective set when it differs (the organisations trigger then notifies every process). */
export async function setEffectiveProducts(db: Db, organizationId: number, products: string[]): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ products, updated_at: sql<Date>`now()` })
    .where('id', '=', organizationId)
    .where(sql<boolean>`products IS DISTINCT FROM ${sql.val(products)}::text[]`)
    .execute();
}

/** Organisations with a dated switch (whose effective set may change with the calendar). */
export async function organizationsWithDatedSwitches(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('organization_products')
    .select('organization_id')
    .distinct()
    .where((eb) => eb.or([eb('start_date', 'is not', null), eb('end_date', 'is not', null)]))
    .execute();
  return rows.map((r) => r.organization_id);
}

/* Users of a customer. */

export interface CustomerUserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: 'member' | 'admin';
  membership_status: 'active' | 'deactivated' | 'deleted';
  user_status: 'active' | 'deactivated' | 'deleted';
  is_internal_admin: boolean;
}

function customerUsers(db: Db, organizationId: number) {
  return db
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'm.role',
      'm.status as membership_status',
      'u.status as user_status',
      'u.is_internal_admin',
    ])
    .where('m.organization_id', '=', organizationId)
    .where('m.status', '!=', 'deleted')
    .where('u.status', '!=', 'deleted');
}

export async function listCustomerUsers(db: Db, organizationId: number): Promise<CustomerUserRow[]> {
  return customerUsers(db, organizationId)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.email')
    .limit(5000)
    .execute();
}

export async function findCustomerUser(
  db: Db,
  organizationId: number,
  userId: string,
): Promise<CustomerUserRow | undefined> {
  return customerUsers(db, organizationId).where('u.id', '=', userId).executeTakeFirst();
}

/** Ends a membership (soft: the row and its history stay, as team deletion does). */
export async function endMembership(db: Db, organizationId: number, userId: string): Promise<void> {
  await db
    .updateTable('organization_members')
    .set({ status: 'deleted', status_changed_at: sql<Date>`now()` })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}

/** Adds (or restores) a membership; false when the user is already a member. */
export async function addMembership(
  db: Db,
  organizationId: number,
  userId: string,
  role: 'member' | 'admin',
): Promise<boolean> {
  const added = await db
    .insertInto('organization_members')
    .values({ organization_id: organizationId, user_id: userId, role })
    .onConflict((oc) =>
      oc
        .columns(['organization_id', 'user_id'])
        .doUpdateSet({ status: 'active', role, status_changed_at: sql<Date>`now()` })
        .where('organization_members.status', '=', 'deleted'),
    )
    .returning('user_id')
    .executeTakeFirst();
  return added !== undefined;
}

export async function insertInvitedUser(
  db: Db,
  user: { email: string; firstName: string; lastName: string },
): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      saml_idp_id: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
