import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Active jobs of `queue` started more than `afterSeconds` ago whose advisory lock (named `lock`,
 * keyed by the payload's portfolioId) nobody holds: their worker's connection, and so the worker,
 * is gone. pg_try_advisory_xact_lock takes the lock only for this statement's transaction.
 */
export async function findStalledJobs(db: Db, queue: string, afterSeconds: number, lock: string): Promise<string[]> {
  const result = await sql<{ id: string }>`
    SELECT id::text AS id FROM pgboss.job
    WHERE name = ${queue} AND state = 'active' AND started_on < now() - make_interval(secs => ${afterSeconds})
      AND pg_try_advisory_xact_lock(hashtext(${lock}), (data->>'portfolioId')::int)`.execute(db);
  return result.rows.map((row) => row.id);
}
