import { sql } from 'kysely';
import type { Db } from '../db/database.js';
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
  const live = await db
    .selectFrom('password_reset_tokens')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', user.id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('expires_at', '<=', sql<Date>`now() + ${`${RESET_TOKEN_TTL_MINUTES} minutes`}::interval`)
    .executeTakeFirstOrThrow();
  if (live.count >= MAX_LIVE_RESET_LINKS) return;
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
  await db
    .insertInto('membership_invitations')
    .values({
      token_hash: hash,
      organization_id: invite.organizationId,
      user_id: invite.userId,
      role: invite.role,
      invited_by: invite.invitedBy,
      expires_at: new Date(Date.now() + INVITATION_TTL_MINUTES * 60_000),
      consumed_at: null,
    })
    .execute();
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
  const row = await db
    .selectFrom('membership_invitations as i')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .select('o.name')
    .where('i.token_hash', '=', hashToken(token))
    .where('i.consumed_at', 'is', null)
    .where('i.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.name;
}

/** Accepts an invitation once: the account becomes an active member with the invited role. */
export async function acceptMembershipInvitation(db: Db, token: string): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const invite = await trx
      .updateTable('membership_invitations')
      .set({ consumed_at: sql<Date>`now()` })
      .where('token_hash', '=', hashToken(token))
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['organization_id', 'user_id', 'role'])
      .executeTakeFirst();
    if (!invite) return undefined;
    const user = await trx.selectFrom('users').select('status').where('id', '=', invite.user_id).executeTakeFirst();
    if (user?.status !== 'active') return undefined;
    await trx
      .insertInto('organization_members')
      .values({ organization_id: invite.organization_id, user_id: invite.user_id, role: invite.role })
      // A membership deleted earlier comes back; a deactivated one stays as its admins left it.
      .onConflict((oc) =>
        oc
          .columns(['organization_id', 'user_id'])
          .doUpdateSet({ status: 'active', role: invite.role, status_changed_at: sql<Date>`now()` })
          .where('organization_members.status', '=', 'deleted'),
      )
      .execute();
    await writeAudit(trx, {
      actorUserId: invite.user_id,
      organizationId: invite.organization_id,
      action: 'user.invitation_accepted',
      subject: invite.user_id,
    });
    const org = await trx
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', invite.organization_id)
      .executeTakeFirstOrThrow();
    return org.name;
  });
}

async function createResetLink(db: Db, userId: string, ttlMinutes: number, issuerUrl: string): Promise<string> {
  const { token, hash } = newOneTimeToken();
  await db
    .insertInto('password_reset_tokens')
    .values({
      token_hash: hash,
      user_id: userId,
      expires_at: new Date(Date.now() + ttlMinutes * 60_000),
      consumed_at: null,
    })
    .execute();
  return `${issuerUrl}/reset-password/${token}`;
}

/** Whether a reset token is still usable (the page shows the form only then). */
export async function resetTokenIsValid(db: Db, token: string): Promise<boolean> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return !!row;
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
    const user = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
    await trx.deleteFrom('login_throttles').where('key', '=', `account:${user.email}`).execute();
    await writeAudit(trx, { actorUserId: userId, organizationId: null, action: 'password.reset', subject: userId });
    return true;
  });
}

export async function setPassword(db: Db, userId: string, passwordHash: string, expiresAt: Date | null = null) {
  await db
    .insertInto('user_credentials')
    .values({ user_id: userId, password_hash: passwordHash, password_expires_at: expiresAt })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        password_hash: passwordHash,
        password_changed_at: sql<Date>`now()`,
        password_expires_at: expiresAt,
      }),
    )
    .execute();
}
