import type pg from 'pg';

/**
 * How much of a pg pool a run used: the most connections checked out at once, and how many
 * check-outs found none idle with the pool at its limit (they waited). A count, which the
 * machine's load does not inflate; tells whether a pool's size (20 per API process) is what a
 * run's lookups need, one process or several.
 */
export function watchPoolUse(pool: pg.Pool): () => { peak: number; waits: number; checkouts: number; max: number } {
  const max = (pool as unknown as { options: { max: number } }).options.max;
  let peak = 0;
  let waits = 0;
  let checkouts = 0;
  const connect = pool.connect;
  const watched = function (this: pg.Pool, ...args: unknown[]) {
    checkouts += 1;
    if (pool.idleCount === 0 && pool.totalCount >= max) waits += 1;
    return (connect as (...a: unknown[]) => unknown).apply(this, args);
  };
  const onAcquire = () => (peak = Math.max(peak, pool.totalCount - pool.idleCount));
  pool.connect = watched as typeof pool.connect;
  pool.on('acquire', onAcquire);
  return () => {
    pool.connect = connect;
    pool.off('acquire', onAcquire);
    return { peak, waits, checkouts, max };
  };
}
