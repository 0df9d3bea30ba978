import type { Db } from '../db/database.js';
import { foldUsage } from '../db/usage.js';
import { currentLog } from '../ops/logger.js';

/**
 * How often the worker folds the usage ledger's new rows into the billing rollup: what billing
 * reads besides the rollup is at most this long's usage (at 4,500 lookups a second, 7 products
 * each, 8,000 rows: bench/billing.ts measured 40 ms more per report for a tail of 20,000).
 */
export const USAGE_FOLD_MS = 250;
/** A fold that keeps failing is logged at most this often (it is retried at every tick). */
const FAILURE_LOG_MS = 60_000;

/**
 * Folds usage into the billing rollup every `everyMs` (migration 1901), in the worker process: the
 * API's lookups commit their usage without the rollup's work, and billing reads stay exact
 * whether or not a fold ran (they add the rows not folded yet). A fold that fails (the database
 * restarting) is retried at the next tick, and logged: billing stays exact meanwhile but reads a
 * growing tail. Several workers may fold: one at a time does the work.
 *
 * Returns the stop, to be awaited before `db` is destroyed: no tick starts after it, and the fold
 * in flight has ended when it resolves (a fold that met a destroyed pool would log a warning for
 * nothing: the next worker's fold takes the rows).
 */
export function startUsageFold(db: Db, options: { everyMs?: number } = {}): () => Promise<void> {
  let inFlight: Promise<void> | null = null;
  let loggedAt = -Infinity;
  const timer = setInterval(() => {
    if (inFlight) return;
    inFlight = foldUsage(db)
      .then(
        () => {},
        (error: unknown) => {
          if (Date.now() - loggedAt < FAILURE_LOG_MS) return;
          loggedAt = Date.now();
          currentLog().warn({ err: error }, 'usage could not be folded into the billing rollup; retrying');
        },
      )
      .finally(() => (inFlight = null));
  }, options.everyMs ?? USAGE_FOLD_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await inFlight;
  };
}
