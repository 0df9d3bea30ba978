import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { consumeLiveToken } from '../db/one-time-tokens.js';
import type { Database } from '../db/schema.js';

/** A random, URL-safe one-time token and the hash under which it is stored. */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Uses a one-time token (sign-in session token or password reset): marks it consumed if it is
 * known, unused and unexpired, in one statement so two concurrent uses cannot both succeed.
 * Returns the user it was issued to, or undefined.
 */
export async function consumeOneTimeToken(
  db: Kysely<Database>,
  table: 'session_tokens' | 'password_reset_tokens',
  token: string,
): Promise<string | undefined> {
  return consumeLiveToken(db, table, hashToken(token));
}
