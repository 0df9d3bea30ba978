import { joinOrganization, upsertPasswordHash, userEmail, userStatus } from '../db/accounts.js';
import type { Db } from '../db/database.js';
import { clearThrottle } from '../db/login-throttles.js';
import {
  consumeLiveInvitation,
  insertMembershipInvitation,
  insertPasswordResetToken,
  isResetTokenLive,
  liveInvitationOrganizationName,
  liveResetLinkCount,
} from '../db/one-time-tokens.js';
import { organizationName } from '../db/organizations.js';
import { findUserByEmail, revokeUserTokens } from './accounts.js';
import { sendMail } from './mail.js';
import { hashPassword } from './passwords.js';
import { consumeOneTimeToken, hashToken, newOneTimeToken } from './tokens.js';
import { writeAudit } from '../db/audit.js';

export const RESET_TOKEN_TTL_MINUTES = 60;
export const INVITATION_TTL_MINUTES = 7 * 24 * 60;
export const MAX_LIVE_RESET_LINKS = 3;

export interface MailSettings {
  smtpUrl?: string;
  from: string;
  /** Base URL of the provider's pages, e.g. http://localhost:8080/oidc */
  issuerUrl: string;
  log?: (message: string) => void;
}

/** Creates a one-time reset link and mails it. Unknown or SSO accounts get nothing (and the caller says nothing). */
export async function requestPasswordReset(db: Db, email: string, mail: MailSettings): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.status !== 'active' || user.identity_source !== 'password') return;
  // At most a few live reset links per account: the form cannot be used to flood a mailbox.
  if ((await liveResetLinkCount(db, user.id, RESET_TOKEN_TTL_MINUTES)) >= MAX_LIVE_RESET_LINKS) return;
  const link = await createResetLink(db, user.id, RESET_TOKEN_TTL_MINUTES, mail.issuerUrl);
  await sendMail(
    db,
    {
      kind: 'password_reset',
      to: user.email,
      subject: 'Reset your Z-VIEW password',
      text: `Hello ${user.first_name},\n\nSomeone asked to reset the password of your Z-VIEW account. To set a new password, open this link within ${RESET_TOKEN_TTL_MINUTES} minutes:\n\n${link}\n\nIf it was not you, ignore this message.`,
    },
    mail,
  );
}

/** An invitation is a password link that lasts a week. */
export async function sendInvitation(
  db: Db,
  userId: string,
  email: string,
  firstName: string,
  organizationName: string,
  mail: MailSettings,
) {
  const link = await createResetLink(db, userId, INVITATION_TTL_MINUTES, mail.issuerUrl);
  await sendMail(
    db,
    {
      kind: 'invitation',
      to: email,
      subject: `You are invited to Z-VIEW (${organizationName})`,
      text: `Hello ${firstName},\n\nYou have been added to ${organizationName} on Z-VIEW. Choose your password here (the link is valid for 7 days):\n\n${link}\n`,
    },
    mail,
  );
}

/**
 * An existing account invited into an organisation: a one-time link (7 days) that the person
 * opens to join. Nothing changes until they accept.
 */
export async function sendMembershipInvitation(
  db: Db,
  invite: {
    userId: string;
    email: string;
    organizationId: number;
    organizationName: string;
    role: 'member' | 'admin';
    invitedBy: string;
  },
  mail: MailSettings,
) {
  const { token, hash } = newOneTimeToken();
  await insertMembershipInvitation(db, {
    tokenHash: hash,
    organizationId: invite.organizationId,
    userId: invite.userId,
    role: invite.role,
    invitedBy: invite.invitedBy,
    expiresAt: new Date(Date.now() + INVITATION_TTL_MINUTES * 60_000),
  });
  await sendMail(
    db,
    {
      kind: 'invitation',
      to: invite.email,
      subject: `You are invited to join ${invite.organizationName} on Z-VIEW`,
      text: `Hello,\n\nYou have been invited to join ${invite.organizationName} on Z-VIEW with your existing account. To accept, open this link within 7 days:\n\n${mail.issuerUrl}/invitations/${token}\n\nIf you do not know this organisation, ignore this message: nothing changes until you accept.`,
    },
    mail,
  );
}

/** The organisation a live invitation is for (the page names it), or undefined. */
export async function invitationOrganization(db: Db, token: string): Promise<string | undefined> {
  return liveInvitationOrganizationName(db, hashToken(token));
}

/** Accepts an invitation once: the account becomes an active member with the invited role. */
export async function acceptMembershipInvitation(db: Db, token: string): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const invite = await consumeLiveInvitation(trx, hashToken(token));
    if (!invite) return undefined;
    const user = await userStatus(trx, invite.user_id);
    if (user?.status !== 'active') return undefined;
    await joinOrganization(trx, invite.organization_id, invite.user_id, invite.role);
    await writeAudit(trx, {
      actorUserId: invite.user_id,
      organizationId: invite.organization_id,
      action: 'user.invitation_accepted',
      subject: invite.user_id,
    });
    return organizationName(trx, invite.organization_id);
  });
}

async function createResetLink(db: Db, userId: string, ttlMinutes: number, issuerUrl: string): Promise<string> {
  const { token, hash } = newOneTimeToken();
  await insertPasswordResetToken(db, hash, userId, new Date(Date.now() + ttlMinutes * 60_000));
  return `${issuerUrl}/reset-password/${token}`;
}

/** Whether a reset token is still usable (the page shows the form only then). */
export async function resetTokenIsValid(db: Db, token: string): Promise<boolean> {
  return isResetTokenLive(db, hashToken(token));
}

/** Sets a new password with a one-time token; unlocks the account and clears any expiry. */
export async function completePasswordReset(db: Db, token: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const userId = await consumeOneTimeToken(trx, 'password_reset_tokens', token);
    if (!userId) return false;
    await setPassword(trx, userId, passwordHash);
    // Whoever held the old password holds no token or IdP session any more.
    await revokeUserTokens(trx, [userId], { endSessions: true });
    const user = await userEmail(trx, userId);
    await clearThrottle(trx, `account:${user.email}`);
    await writeAudit(trx, { actorUserId: userId, organizationId: null, action: 'password.reset', subject: userId });
    return true;
  });
}

export async function setPassword(db: Db, userId: string, passwordHash: string, expiresAt: Date | null = null) {
  await upsertPasswordHash(db, userId, passwordHash, expiresAt);
}
