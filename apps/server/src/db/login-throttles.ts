import { sql } from 'kysely';
import type { Db } from './database.js';

/** Repository of sign-in throttling (login_throttles, keyed `account:…` or `ip:…`); auth/authn.ts decides. */

/** Those of the keys that are locked now. */
export function lockedThrottleKeys(db: Db, keys: string[]) {
  return db
    .selectFrom('login_throttles')
    .select('key')
    .where('key', 'in', keys)
    .where('locked_until', '>', sql<Date>`now()`)
    .execute();
}

/** Counts a failure for the key (restarting the count when its window has passed); returns the failures. */
export async function countThrottleFailure(db: Db, key: string, windowMinutes: number): Promise<number> {
  const window = `${windowMinutes} minutes`;
  const row = await sql<{ failures: number }>`
    INSERT INTO login_throttles (key, failures, first_failure_at) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN login_throttles.first_failure_at < now() - ${window}::interval THEN 1 ELSE login_throttles.failures + 1 END,
      first_failure_at = CASE WHEN login_throttles.first_failure_at < now() - ${window}::interval THEN now() ELSE login_throttles.first_failure_at END
    RETURNING failures`.execute(db);
  return row.rows[0]?.failures ?? 1;
}

/** Locks the key for a while and starts its count afresh. */
export async function lockThrottleKey(db: Db, key: string, lockMinutes: number) {
  await sql`UPDATE login_throttles SET locked_until = now() + ${`${lockMinutes} minutes`}::interval, failures = 0, first_failure_at = now()
      WHERE key = ${key}`.execute(db);
}

export async function clearThrottle(db: Db, key: string) {
  await db.deleteFrom('login_throttles').where('key', '=', key).execute();
}
