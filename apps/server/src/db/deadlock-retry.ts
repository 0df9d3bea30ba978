import type { Db } from './database.js';

/** PostgreSQL's "deadlock detected": the victim's transaction was rolled back and can simply run again. */
const DEADLOCK_DETECTED = '40P01';

export function isDeadlock(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === DEADLOCK_DETECTED;
}

/**
 * Runs `work` in a transaction, again when PostgreSQL picks it as a deadlock's victim. Deleting a
 * portfolio takes its runs and then empties their results; the worker building the same run's
 * analysis reads those results and then refers to the run, so the two can wait on each other
 * once. PostgreSQL breaks the cycle by rolling one back; the other then finishes, and the
 * delete's second attempt finds nothing in its way. A few attempts, never forever.
 */
export async function transactionRetriedOnDeadlock<T>(db: Db, work: (trx: Db) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!isDeadlock(error) || attempt >= attempts) throw error;
    }
  }
}
