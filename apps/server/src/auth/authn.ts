import { setTimeout as sleep } from 'node:timers/promises';
import { credentialsOf } from '../db/accounts.js';
import type { Db } from '../db/database.js';
import { clearThrottle, countThrottleFailure, lockedThrottleKeys, lockThrottleKey } from '../db/login-throttles.js';
import { insertSessionToken } from '../db/one-time-tokens.js';
import { findUserByEmail, findUserById, hasAppAccess, membershipsOf, type UserRow } from './accounts.js';
import { dummyPasswordHash, verifyPassword } from './passwords.js';
import { consumeOneTimeToken, newOneTimeToken } from './tokens.js';
import { writeAudit } from '../db/audit.js';

/**
 * Credential sign-in (the `authn` call): checks email + password, throttles failures per account
 * and per IP (slower answers after a few failures, then a lock for a while), and hands out a
 * short-lived one-time session token that the authorize request redeems.
 */
export const THROTTLE = {
  /** Failures (within the window) after which each further failure is answered more slowly. */
  slowAfter: 3,
  baseDelayMs: 250,
  maxDelayMs: 2000,
  /** Consecutive failures on one account that lock it. */
  accountLockAfter: 5,
  /** Failures from one IP address, over any accounts, that lock the address. */
  ipLockAfter: 50,
  windowMinutes: 15,
  lockMinutes: 15,
} as const;

export const SESSION_TOKEN_TTL_SECONDS = 300;

export type AuthnOutcome =
  | { kind: 'success'; user: UserRow; sessionToken: string; expiresAt: Date }
  | { kind: 'invalid_credentials' }
  | { kind: 'password_expired' }
  | { kind: 'access_denied' }
  | { kind: 'locked_out' }
  | { kind: 'ip_locked' };

export interface AuthnOptions {
  /** Replaced in tests to keep the slow-down observable without waiting. */
  delay?: (ms: number) => Promise<unknown>;
}

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

export async function authenticateWithPassword(
  db: Db,
  input: { email: string; password: string; ip: string },
  options: AuthnOptions = {},
): Promise<AuthnOutcome> {
  const keys = { account: accountKey(input.email), ip: ipKey(input.ip) };
  // The lock check and the account's lookup are independent: asked together (sign-in speed, issue 21).
  const [locked, user] = await Promise.all([
    lockedThrottleKeys(db, [keys.account, keys.ip]),
    findUserByEmail(db, input.email),
  ]);
  // While locked, even the right password is refused, so the lock cannot be used as an oracle.
  if (locked.some((row) => row.key === keys.ip)) return { kind: 'ip_locked' };
  if (locked.length > 0) return { kind: 'locked_out' };

  const credentials = user ? await credentialsOf(db, user.id) : undefined;
  const passwordOk = await verifyPassword(input.password, credentials?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !credentials || !passwordOk) {
    const failures = Math.max(
      await recordFailure(db, keys.account, THROTTLE.accountLockAfter),
      await recordFailure(db, keys.ip, THROTTLE.ipLockAfter),
    );
    if (failures > THROTTLE.slowAfter) {
      const ms = Math.min(THROTTLE.maxDelayMs, THROTTLE.baseDelayMs * 2 ** (failures - THROTTLE.slowAfter - 1));
      await (options.delay ?? sleep)(ms);
    }
    return { kind: 'invalid_credentials' };
  }
  const [, memberships] = await Promise.all([clearThrottle(db, keys.account), membershipsOf(db, user.id)]);

  if (!hasAppAccess(user, memberships)) return { kind: 'access_denied' };
  if (credentials.password_expires_at && credentials.password_expires_at <= new Date())
    return { kind: 'password_expired' };

  const [{ token, expiresAt }] = await Promise.all([
    issueSessionToken(db, user.id),
    writeAudit(db, {
      actorUserId: user.id,
      organizationId: null,
      action: 'auth.password_sign_in',
      details: { ip: input.ip },
    }),
  ]);
  return { kind: 'success', user, sessionToken: token, expiresAt };
}

/** Counts a failure for a key; returns the failures in the current window (locks at `lockAfter`). */
async function recordFailure(db: Db, key: string, lockAfter: number): Promise<number> {
  const failures = await countThrottleFailure(db, key, THROTTLE.windowMinutes);
  if (failures >= lockAfter) {
    await lockThrottleKey(db, key, THROTTLE.lockMinutes);
    await writeAudit(db, { actorUserId: null, organizationId: null, action: 'auth.locked', subject: key });
  }
  return failures;
}

/** A one-time token proving a fresh credential check (or SAML assertion) for this user. */
export async function issueSessionToken(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newOneTimeToken();
  const expiresAt = new Date(Date.now() + SESSION_TOKEN_TTL_SECONDS * 1000);
  await insertSessionToken(db, hash, userId, expiresAt);
  return { token, expiresAt };
}

/** Redeems a session token once; returns the user if it was valid, unused and the account still has access. */
export async function redeemSessionToken(db: Db, token: string): Promise<UserRow | undefined> {
  const userId = await consumeOneTimeToken(db, 'session_tokens', token);
  if (!userId) return undefined;
  const user = await findUserById(db, userId);
  if (!user || !hasAppAccess(user, await membershipsOf(db, user.id))) return undefined;
  return user;
}
