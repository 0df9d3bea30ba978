import type { OrganizationSummary, UserProfileResponse } from '@zview/contracts';
import { isInZorroGroup } from '@zview/contracts';
import { findUserByEmail, membershipsOf, revokeUserTokens, userClaims, type UserRow } from '../../auth/accounts.js';
import type { Actor } from '../../auth/actor.js';
import { sendInvitation, sendMembershipInvitation, type MailSettings } from '../../auth/password-reset.js';
import type { Db } from '../../db/database.js';
import {
  expirePasswordNow,
  insertMember,
  insertUserUnlessEmailTaken,
  listedMemberIds,
  listedMemberRows,
  membershipStatus,
  setMemberRole,
  setMembersRole,
  setMembershipsStatus,
  updateUserName,
  userByIdOrThrow,
  usersWithoutActiveMembership,
  userStaffAndElsewhere,
} from '../../db/team.js';
import { badRequest, conflict, forbidden, notFound } from '../app-error.js';
import { writeAudit } from '../../db/audit.js';

/**
 * Team management inside the organisation an actor acts for. Every query is scoped to
 * `actor.organization.id`: a user of another organisation answers 404.
 */
export function profileResponse(
  user: UserRow,
  role: 'member' | 'admin' | null,
  claims: Record<string, unknown>,
  membershipStatus: 'active' | 'deactivated' | 'deleted' = 'active',
): UserProfileResponse {
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    profile: { firstName: user.first_name, lastName: user.last_name },
    role,
    status: user.status === 'deactivated' || membershipStatus === 'deactivated' ? 'deactivated' : 'active',
    isGroupAdmin: claims.isGroupAdmin === true,
    isZviewAdmin: user.is_internal_admin,
    hasZorroAccess: isInZorroGroup(user.external_groups),
    isUserInTrialOrg: claims.isUserInTrialOrg === true,
    externalGroups: user.external_groups,
    identityProviderType: user.identity_source === 'saml' ? 'SAML2' : 'OKTA',
  };
}

export async function myProfile(db: Db, actor: Actor): Promise<UserProfileResponse> {
  const user = await userByIdOrThrow(db, actor.userId);
  return profileResponse(user, actor.orgRole, userClaims(user, await membershipsOf(db, user.id)));
}

export async function updateMyProfile(db: Db, actor: Actor, profile: { firstName: string; lastName: string }) {
  await updateUserName(db, actor.userId, profile);
  await writeAudit(db, {
    actorUserId: actor.userId,
    organizationId: actor.organization.id,
    action: 'user.profile_updated',
    subject: actor.userId,
  });
  return myProfile(db, actor);
}

export function organizationSummary(actor: Actor): OrganizationSummary {
  return { id: actor.organization.id, name: actor.organization.name, products: actor.organization.products };
}

/** Members of the organisation (deleted members are gone from lists; their rows and history stay). */
export async function listMembers(db: Db, actor: Actor): Promise<UserProfileResponse[]> {
  const rows = await listedMemberRows(db, actor.organization.id);
  return rows.map((row) => {
    const { role, membership_status, ...user } = row;
    const claims = { isGroupAdmin: role === 'admin', isUserInTrialOrg: actor.organization.isTrial };
    return profileResponse(user, role, claims, membership_status);
  });
}

/** Checks that every id is a (not deleted) member of the actor's organisation; else 404. */
async function requireMembers(db: Db, actor: Actor, userIds: string[]): Promise<void> {
  const unique = [...new Set(userIds)];
  const found = await listedMemberIds(db, actor.organization.id, unique);
  if (found.length !== unique.length) throw notFound('User not found.');
}

/**
 * Whether an account is the actor's organisation's alone (so its admins may change its name and
 * password): not staff, and no membership (of any status but deleted) in any other organisation.
 * Internal admins acting for the organisation may change any account.
 */
async function ownedByOrganization(db: Db, actor: Actor, userId: string): Promise<boolean> {
  if (actor.isInternalAdmin) return true;
  const row = await userStaffAndElsewhere(db, userId, actor.organization.id);
  return !!row && !row.is_internal_admin && !row.elsewhere;
}

export async function updateMember(
  db: Db,
  actor: Actor,
  input: {
    userId: string;
    profile?: { firstName: string; lastName: string };
    role?: 'member' | 'admin';
    expirePassword?: boolean;
  },
) {
  await requireMembers(db, actor, [input.userId]);
  if (input.role === 'member' && input.userId === actor.userId)
    throw badRequest('You cannot remove your own admin role.');
  if (
    (input.profile || input.expirePassword) &&
    input.userId !== actor.userId &&
    !(await ownedByOrganization(db, actor, input.userId))
  ) {
    throw forbidden(
      'This account is also used outside your organization: only its owner can change its name or password.',
    );
  }
  await db.transaction().execute(async (trx) => {
    if (input.profile) await updateUserName(trx, input.userId, input.profile);
    if (input.role) await setMemberRole(trx, actor.organization.id, input.userId, input.role);
    if (input.expirePassword) await expirePasswordNow(trx, input.userId);
    // Tokens carry the role: those issued before a role change or a password expiry are over.
    // A role is this organisation's: only its tokens for this organisation end. An expired
    // password is the person's: every token and session ends.
    if (input.role || input.expirePassword)
      await revokeUserTokens(trx, [input.userId], {
        endSessions: !!input.expirePassword,
        organizationId: actor.organization.id,
      });
    await writeAudit(trx, {
      actorUserId: actor.userId,
      organizationId: actor.organization.id,
      action: 'user.updated',
      subject: input.userId,
      details: { role: input.role, profile: !!input.profile, expirePassword: !!input.expirePassword },
    });
  });
}

export async function assignAdmin(db: Db, actor: Actor, userIds: string[]) {
  await requireMembers(db, actor, userIds);
  await setMembersRole(db, actor.organization.id, userIds, 'admin');
  await revokeUserTokens(db, userIds, { organizationId: actor.organization.id });
  await writeAudit(db, {
    actorUserId: actor.userId,
    organizationId: actor.organization.id,
    action: 'user.assigned_admin',
    details: { userIds },
  });
}

/**
 * Activate, deactivate (cannot act for this organisation) or delete (soft: gone from its lists,
 * history kept) members of the actor's organisation. Their memberships elsewhere are untouched.
 */
export async function setMembersStatus(
  db: Db,
  actor: Actor,
  userIds: string[],
  status: 'active' | 'deactivated' | 'deleted',
) {
  await requireMembers(db, actor, userIds);
  if (status !== 'active' && userIds.includes(actor.userId))
    throw badRequest('You cannot deactivate or delete your own account.');
  await db.transaction().execute(async (trx) => {
    await setMembershipsStatus(trx, actor.organization.id, userIds, status);
    if (status !== 'active') {
      // Those left with no organisation cannot use the app any more: end their IdP sessions and
      // grants at once (their access tokens already stop working on the next call).
      const leftWithout = await usersWithoutActiveMembership(trx, userIds);
      // Their tokens stay refused even after a reactivation: they sign in again (issue 12).
      await revokeUserTokens(trx, leftWithout, { endSessions: true });
    }
    await writeAudit(trx, {
      actorUserId: actor.userId,
      organizationId: actor.organization.id,
      action: `user.${status}`,
      details: { userIds },
    });
  });
}

export type CreateMemberResult =
  { status: 'created'; profile: UserProfileResponse } | { status: 'invited'; email: string };

/**
 * Adds a member. A new email creates the account (this organisation's own) and mails a link to
 * set a password. An email that already has an account, wherever it belongs (another
 * organisation, staff, a deleted account), is never added silently: the person is mailed an
 * invitation they accept, and the answer reveals nothing about the account.
 */
export async function createMember(
  db: Db,
  actor: Actor,
  input: { email: string; profile: { firstName: string; lastName: string }; role: 'member' | 'admin' },
  mail: MailSettings,
): Promise<CreateMemberResult> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) return inviteExisting(db, actor, existing, input.role, mail);
  const user = await db.transaction().execute(async (trx) => {
    // Concurrent creates of one email: the first inserts, the others find no row and answer 409.
    const user = await insertUserUnlessEmailTaken(trx, { email: input.email, ...input.profile });
    if (!user) throw conflict('This email was just added.');
    await insertMember(trx, actor.organization.id, user.id, input.role);
    await writeAudit(trx, {
      actorUserId: actor.userId,
      organizationId: actor.organization.id,
      action: 'user.created',
      subject: user.id,
      details: { role: input.role },
    });
    return user;
  });
  await sendInvitation(db, user.id, user.email, user.first_name, actor.organization.name, mail);
  return {
    status: 'created',
    profile: profileResponse(user, input.role, {
      isGroupAdmin: input.role === 'admin',
      isUserInTrialOrg: actor.organization.isTrial,
    }),
  };
}

async function inviteExisting(
  db: Db,
  actor: Actor,
  user: UserRow,
  role: 'member' | 'admin',
  mail: MailSettings,
): Promise<CreateMemberResult> {
  const here = await membershipStatus(db, actor.organization.id, user.id);
  // Someone already listed on this team: the admin sees them in the list anyway.
  if (here && here.status !== 'deleted' && user.status !== 'deleted')
    throw conflict('This user is already a member of the organization.');
  await writeAudit(db, {
    actorUserId: actor.userId,
    organizationId: actor.organization.id,
    action: 'user.invited',
    subject: user.id,
    details: { role },
  });
  // Deleted or locked accounts get the same answer, and no mail.
  if (user.status === 'active')
    await sendMembershipInvitation(
      db,
      {
        userId: user.id,
        email: user.email,
        organizationId: actor.organization.id,
        organizationName: actor.organization.name,
        role,
        invitedBy: actor.userId,
      },
      mail,
    );
  return { status: 'invited', email: user.email };
}
