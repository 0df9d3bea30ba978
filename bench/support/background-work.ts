/**
 * Background work of this bench that would take the cores a throughput phase measures:
 * PostgreSQL busy (autovacuum after a million-row run, a checkpoint, a query still running), the
 * API processes busy with something else (jobs), or this process's threads (render threads
 * finishing an export). Measured as CPU (not the load average, which counts other sessions on a
 * shared machine), with the database's own view of what runs.
 */
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database.js';
import { measureCpu } from './cpu-split.js';
import { sleep } from './figures.js';

/** Below this share of one core over a second, a party counts as idle. */
const IDLE_SHARE = 0.05;
/** Idle seconds in a row before a phase starts. */
const IDLE_SECONDS = 2;

/** What runs in the database besides idle sessions and this query (autovacuum, other queries). */
async function databaseActivity(db: Db): Promise<string[]> {
  const { rows } = await sql<{ what: string }>`
    SELECT coalesce(nullif(backend_type, 'client backend'), 'query: ' || left(query, 60)) AS what
    FROM pg_stat_activity
    WHERE pid <> pg_backend_pid() AND (state IS NULL OR state NOT IN ('idle'))
      AND backend_type IN ('client backend', 'autovacuum worker', 'parallel worker')`.execute(db);
  return rows.map((r) => r.what);
}

/**
 * Waits until PostgreSQL, the given process trees and this process have been idle for
 * IDLE_SECONDS in a row (at most `maxMs`); answers what it saw meanwhile, for the bench to print.
 */
export async function waitForBackgroundWork(
  db: Db,
  trees: Record<string, () => number[]>,
  maxMs = 180_000,
): Promise<{ waitedMs: number; seen: string[]; quiet: boolean }> {
  const started = Date.now();
  const seen = new Set<string>();
  let idleSeconds = 0;
  while (Date.now() - started < maxMs) {
    const cpu = measureCpu(trees);
    await sleep(1000);
    const split = cpu();
    const activity = await databaseActivity(db);
    for (const what of activity) seen.add(what);
    const busy = Object.entries({ ...split.trees, 'this process': split.main + split.helpers + split.started }).filter(
      ([, ms]) => ms / 1000 >= IDLE_SHARE,
    );
    for (const [name, ms] of busy) seen.add(`${name} busy (${((ms / 1000) * 100).toFixed(0)}% of a core)`);
    idleSeconds = activity.length === 0 && busy.length === 0 ? idleSeconds + 1 : 0;
    if (idleSeconds >= IDLE_SECONDS) return { waitedMs: Date.now() - started, seen: [...seen], quiet: true };
  }
  return { waitedMs: Date.now() - started, seen: [...seen], quiet: false };
}

/** Samples the database's activity once a second while a phase runs; `stop` answers what was seen and how often. */
export function watchDatabaseActivity(db: Db): { stop: () => Promise<string> } {
  const counts = new Map<string, number>();
  let samples = 0;
  const timer = setInterval(() => {
    samples += 1;
    databaseActivity(db).then(
      (activity) => {
        // Client backends are the lookups themselves; what else ran is the background.
        for (const what of new Set(activity.filter((a) => !a.startsWith('query: '))))
          counts.set(what, (counts.get(what) ?? 0) + 1);
      },
      () => {},
    );
  }, 1000);
  return {
    async stop() {
      clearInterval(timer);
      if (counts.size === 0) return `no background work in ${samples} samples`;
      return [...counts].map(([what, n]) => `${what} in ${n} of ${samples} samples`).join(', ');
    },
  };
}
