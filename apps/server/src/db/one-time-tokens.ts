import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Repository of one-time tokens, stored by hash: sign-in session tokens, password reset links
 * and membership invitations. auth/ makes and hashes the tokens and decides what they grant.
 */

export async function insertSessionToken(db: Db, tokenHash: string, userId: string, expiresAt: Date) {
  await db
    .insertInto('session_tokens')
    .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt, consumed_at: null })
    .execute();
}

/**
 * Marks a token consumed if it is known, unused and unexpired, in one statement so two
 * concurrent uses cannot both succeed; returns the user it was issued to.
 */
export async function consumeLiveToken(
  db: Db,
  table: 'session_tokens' | 'password_reset_tokens',
  tokenHash: string,
): Promise<string | undefined> {
  const row = await db
    .updateTable(table)
    .set({ consumed_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export async function insertPasswordResetToken(db: Db, tokenHash: string, userId: string, expiresAt: Date) {
  await db
    .insertInto('password_reset_tokens')
    .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt, consumed_at: null })
    .execute();
}

/** Unused, unexpired reset links of the user that expire within `ttlMinutes` (invitations last longer). */
export async function liveResetLinkCount(db: Db, userId: string, ttlMinutes: number): Promise<number> {
  const live = await db
    .selectFrom('password_reset_tokens')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('expires_at', '<=', sql<Date>`now() + ${`${ttlMinutes} minutes`}::interval`)
    .executeTakeFirstOrThrow();
  return live.count;
}

/** Whether a reset token with this hash is unused and unexpired. */
export async function isResetTokenLive(db: Db, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return !!row;
}

export async function insertMembershipInvitation(
  db: Db,
  invitation: {
    tokenHash: string;
    organizationId: number;
    userId: string;
    role: 'member' | 'admin';
    invitedBy: string;
    expiresAt: Date;
  },
) {
  await db
    .insertInto('membership_invitations')
    .values({
      token_hash: invitation.tokenHash,
      organization_id: invitation.organizationId,
      user_id: invitation.userId,
      role: invitation.role,
      invited_by: invitation.invitedBy,
      expires_at: invitation.expiresAt,
      consumed_at: null,
    })
    .execute();
}

/** The name of the organisation a live (unused, unexpired) invitation is for. */
export async function liveInvitationOrganizationName(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('membership_invitations as i')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .select('o.name')
    .where('i.token_hash', '=', tokenHash)
    .where('i.consumed_at', 'is', null)
    .where('i.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.name;
}

/** Marks a live invitation consumed (once); returns what it invites to. */
export function consumeLiveInvitation(db: Db, tokenHash: string) {
  return db
    .updateTable('membership_invitations')
    .set({ consumed_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['organization_id', 'user_id', 'role'])
    .executeTakeFirst();
}
