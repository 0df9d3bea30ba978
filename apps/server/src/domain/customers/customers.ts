import type { Customer } from '@zview/contracts';
import type { createCustomerRequestSchema, customersQuerySchema, updateCustomerRequestSchema } from '@zview/contracts';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import { authorize } from '../../auth/policy.js';
import { writeAudit } from '../../db/audit.js';
import {
  customerFacets,
  customerNameTaken,
  isDuplicateCustomerName,
  findCustomer,
  insertCustomer,
  listCustomers,
  organizationIds,
  organizationNames,
  updateCustomerRow,
  upsertProductSwitch,
  setEffectiveProducts,
  type CustomerRow,
} from '../../db/customers.js';
import type { Db } from '../../db/database.js';
import { conflict, notFound } from '../app-error.js';

/** Customers: organisations with their contract details, for internal admins only. */
export function presentCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    isTrial: row.is_trial,
    products: row.products,
    contactEmail: row.contact_email,
    accountManager: row.account_manager,
    notes: row.notes,
    userCount: row.user_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** What the audit keeps of a customer (its details; products are audited per switch). */
const auditImage = (c: Customer) => ({
  name: c.name,
  isTrial: c.isTrial,
  contactEmail: c.contactEmail,
  accountManager: c.accountManager,
  notes: c.notes,
});

export async function searchCustomers(db: Db, actor: Actor, query: z.output<typeof customersQuerySchema>) {
  authorize(actor, 'customers:manage');
  const { rows, total } = await listCustomers(
    db,
    {
      search: query.search,
      product: query.product,
      trial: query.trial === undefined ? undefined : query.trial === 'true',
    },
    { sort: query.sort, order: query.order, limit: query.itemsPerPage, offset: (query.page - 1) * query.itemsPerPage },
  );
  return { results: rows.map(presentCustomer), total, page: query.page, itemsPerPage: query.itemsPerPage };
}

export async function customersMetadata(db: Db, actor: Actor) {
  authorize(actor, 'customers:manage');
  return customerFacets(db);
}

export async function getCustomer(db: Db, actor: Actor, id: number): Promise<Customer> {
  authorize(actor, 'customers:manage');
  const row = await findCustomer(db, id);
  if (!row) throw notFound('Customer not found.');
  return presentCustomer(row);
}

/** The name check above passes for every one of parallel creates; the unique index refuses all but one. */
async function nameChecked<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isDuplicateCustomerName(error)) throw conflict('A customer with this name exists already.');
    throw error;
  }
}

export async function createCustomer(
  db: Db,
  actor: Actor,
  input: z.output<typeof createCustomerRequestSchema>,
): Promise<Customer> {
  authorize(actor, 'customers:manage');
  const id = await nameChecked(
    db.transaction().execute(async (trx) => {
      if (await customerNameTaken(trx, input.name)) throw conflict('A customer with this name exists already.');
      const id = await insertCustomer(trx, {
        name: input.name,
        is_trial: input.isTrial,
        contact_email: input.contactEmail ?? null,
        account_manager: input.accountManager ?? null,
        notes: input.notes ?? null,
      });
      const products = [...new Set(input.products)];
      for (const product of products)
        await upsertProductSwitch(trx, id, product, { enabled: true, start_date: null, end_date: null });
      await setEffectiveProducts(trx, id, products);
      const created = presentCustomer((await findCustomer(trx, id))!);
      await writeAudit(trx, {
        actorUserId: actor.userId,
        organizationId: id,
        action: 'customer.created',
        subject: String(id),
        after: { ...auditImage(created), products: created.products },
      });
      return id;
    }),
  );
  return getCustomer(db, actor, id);
}

export async function updateCustomer(
  db: Db,
  actor: Actor,
  id: number,
  input: Partial<z.output<typeof updateCustomerRequestSchema>>,
): Promise<Customer> {
  authorize(actor, 'customers:manage');
  await nameChecked(
    db.transaction().execute(async (trx) => {
      const row = await findCustomer(trx, id);
      if (!row) throw notFound('Customer not found.');
      if (input.name !== undefined && (await customerNameTaken(trx, input.name, id)))
        throw conflict('A customer with this name exists already.');
      const before = presentCustomer(row);
      await updateCustomerRow(trx, id, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.isTrial !== undefined && { is_trial: input.isTrial }),
        ...(input.contactEmail !== undefined && { contact_email: input.contactEmail }),
        ...(input.accountManager !== undefined && { account_manager: input.accountManager }),
        ...(input.notes !== undefined && { notes: input.notes }),
      });
      const after = presentCustomer((await findCustomer(trx, id))!);
      await writeAudit(trx, {
        actorUserId: actor.userId,
        organizationId: id,
        action: 'customer.updated',
        subject: String(id),
        before: auditImage(before),
        after: auditImage(after),
      });
    }),
  );
  return getCustomer(db, actor, id);
}

export async function namesOfOrganizations(db: Db, actor: Actor, ids: number[]) {
  authorize(actor, 'customers:manage');
  return { organizations: await organizationNames(db, [...new Set(ids)]) };
}

export async function listOrganizationIds(db: Db, actor: Actor) {
  authorize(actor, 'customers:manage');
  return { organizationIds: await organizationIds(db) };
}

/** POST /caribou/organizations/{id}: renames; false on failure (unknown organisation, name taken, bad name), as SPEC says. */
export async function renameOrganization(
  db: Db,
  actor: Actor,
  id: number | undefined,
  name: string | undefined,
): Promise<boolean> {
  authorize(actor, 'customers:manage');
  if (id === undefined || name === undefined) return false;
  try {
    await updateCustomer(db, actor, id, { name });
    return true;
  } catch {
    return false;
  }
}
