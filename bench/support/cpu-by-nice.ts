/**
 * CPU time of process trees split by the nice value each thread ran at (Linux /proc), sampled
 * every half second so that short-lived backends (an export's COPY connections) are counted up to
 * their last sample: what background work took beside the lookups, and at which priority. Unlike
 * wall time it does not grow with the machine's load.
 */
import { readdirSync } from 'node:fs';
import { processTree, taskStat } from './cpu-split.js';

/**
 * Starts sampling each party's processes (with `tree`, their descendants too); the returned
 * function stops and answers CPU ms per party and nice value, e.g. { PostgreSQL: { 0: 2100, 10: 5300 } }.
 */
export function cpuByNice(
  parties: Record<string, { pids: () => (number | undefined)[]; tree?: boolean }>,
): () => Record<string, Record<number, number>> {
  const last = new Map<string, number>();
  const totals: Record<string, Record<number, number>> = {};
  const sample = (count: boolean) => {
    for (const [party, { pids, tree }] of Object.entries(parties)) {
      const roots = pids().filter((p): p is number => p !== undefined && p > 0);
      for (const pid of tree ? processTree(roots) : roots) {
        let tids: string[];
        try {
          tids = readdirSync(`/proc/${pid}/task`);
        } catch {
          continue;
        }
        for (const tid of tids) {
          const stat = taskStat(`/proc/${pid}/task/${tid}/stat`);
          if (!stat) continue;
          const key = `${pid}/${tid}`;
          const before = last.get(key);
          last.set(key, stat.ms);
          // A task first seen now counts from zero: it started after the previous sample.
          const spent = before === undefined ? (count ? stat.ms : 0) : stat.ms - before;
          const byNice = (totals[party] ??= {});
          byNice[stat.nice] = (byNice[stat.nice] ?? 0) + spent;
        }
      }
    }
  };
  sample(false);
  const timer = setInterval(() => sample(true), 500);
  return () => {
    clearInterval(timer);
    sample(true);
    return totals;
  };
}

/** "postgres 2.1 s at nice 0 + 5.3 s at nice 10; …" */
export function describeByNice(totals: Record<string, Record<number, number>>): string {
  return Object.entries(totals)
    .map(
      ([party, byNice]) =>
        `${party} ${Object.entries(byNice)
          .filter(([, ms]) => ms > 0)
          .map(([nice, ms]) => `${(ms / 1000).toFixed(1)} s at nice ${nice}`)
          .join(' + ')}`,
    )
    .join('; ');
}
