import type { CustomerUser } from '@zview/contracts';
import type { addAccessRequestSchema } from '@zview/contracts';
import type { z } from 'zod';
import { findUserByEmail, findUserById } from '../../auth/accounts.js';
import type { Actor } from '../../auth/actor.js';
import { sendInvitation, type MailSettings } from '../../auth/password-reset.js';
import { authorize } from '../../auth/policy.js';
import { writeAudit } from '../../db/audit.js';
import {
  addMembership,
  endMembership,
  findCustomer,
  findCustomerUser,
  insertInvitedUser,
  listCustomerUsers,
  type CustomerUserRow,
} from '../../db/customers.js';
import type { Db } from '../../db/database.js';
import { badRequest, conflict, notFound } from '../app-error.js';

/** A customer's users, as staff see them: list, one, revoke access, add access (existing user or invitation). */
export function presentCustomerUser(row: CustomerUserRow): CustomerUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    status: row.membership_status === 'active' && row.user_status === 'active' ? 'active' : 'deactivated',
    isZviewAdmin: row.is_internal_admin,
  };
}

async function requireCustomer(db: Db, organizationId: number) {
  const customer = await findCustomer(db, organizationId);
  if (!customer) throw notFound('Customer not found.');
  return customer;
}

export async function customerUsers(db: Db, actor: Actor, organizationId: number): Promise<CustomerUser[]> {
  authorize(actor, 'customers:manage');
  await requireCustomer(db, organizationId);
  return (await listCustomerUsers(db, organizationId)).map(presentCustomerUser);
}

export async function customerUser(
  db: Db,
  actor: Actor,
  organizationId: number,
  userId: string,
): Promise<CustomerUser> {
  authorize(actor, 'customers:manage');
  const row = await findCustomerUser(db, organizationId, userId);
  if (!row) throw notFound('User not found.');
  return presentCustomerUser(row);
}

/** Ends the user's membership of this customer (their other memberships stay). */
export async function revokeAccess(
  db: Db,
  actor: Actor,
  organizationId: number,
  pathUserId: string,
  bodyUserId: string,
): Promise<void> {
  authorize(actor, 'customers:manage');
  if (pathUserId !== bodyUserId) throw badRequest('userId: must be the user of the path.');
  await db.transaction().execute(async (trx) => {
    const row = await findCustomerUser(trx, organizationId, bodyUserId);
    if (!row) throw notFound('User not found.');
    await endMembership(trx, organizationId, bodyUserId);
    await writeAudit(trx, {
      actorUserId: actor.userId,
      organizationId,
      action: 'customer.user_access_revoked',
      subject: bodyUserId,
      before: { email: row.email, role: row.role, status: row.membership_status },
      after: { email: row.email, status: 'deleted' },
    });
  });
}

/**
 * Gives a user access to the customer: an existing user (by the path's id, or by email) gains a
 * membership; an unknown email becomes a new user who is invited to choose a password.
 */
export async function addAccess(
  db: Db,
  actor: Actor,
  organizationId: number,
  pathUserId: string,
  input: z.output<typeof addAccessRequestSchema>['user'],
  mail: MailSettings,
): Promise<{ user: CustomerUser; invited: boolean }> {
  authorize(actor, 'customers:manage');
  const customer = await requireCustomer(db, organizationId);
  let existing = pathUserId === 'new' ? await findUserByEmail(db, input.email) : await findUserById(db, pathUserId);
  if (pathUserId !== 'new' && (!existing || existing.email !== input.email)) throw notFound('User not found.');
  if (existing?.status === 'deleted') throw conflict('This email belongs to a deleted account.');
  if (!existing && (!input.firstName || !input.lastName))
    throw badRequest('user.firstName and user.lastName are required to invite a new user.');
  const invitedId = await db.transaction().execute(async (trx) => {
    const userId =
      existing?.id ??
      (await insertInvitedUser(trx, { email: input.email, firstName: input.firstName!, lastName: input.lastName! }));
    if (!(await addMembership(trx, organizationId, userId, input.role)))
      throw conflict('This user is already a member of the customer.');
    await writeAudit(trx, {
      actorUserId: actor.userId,
      organizationId,
      action: existing ? 'customer.user_access_added' : 'customer.user_invited',
      subject: userId,
      before: null,
      after: { email: input.email, role: input.role },
    });
    return existing ? null : userId;
  });
  if (invitedId) {
    existing = await findUserById(db, invitedId);
    await sendInvitation(db, invitedId, input.email, input.firstName!, customer.name, mail);
  }
  const row = await findCustomerUser(db, organizationId, existing!.id);
  return { user: presentCustomerUser(row!), invited: invitedId !== null };
}
