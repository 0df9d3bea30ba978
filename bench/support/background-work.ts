/**
 * Waits until the machine's background work of this bench is over before a phase that measures
 * throughput: PostgreSQL busy (autovacuum after a million-row run, a checkpoint, a query still
 * running) or this process's threads busy (render threads finishing an export). Measured as CPU
 * (not the load average, which counts other sessions on a shared machine), with the database's
 * own view of what runs. Answers what it waited for, for the bench to print.
 */
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database.js';
import { measureCpu } from './cpu-split.js';
import { sleep } from './figures.js';

/** Below this share of one core over a second, PostgreSQL and this process count as idle. */
const IDLE_SHARE = 0.05;

export async function waitForBackgroundWork(
  db: Db,
  postgres: () => number[],
  maxMs = 180_000,
): Promise<{ waitedMs: number; seen: string[]; quiet: boolean }> {
  const started = Date.now();
  const seen = new Set<string>();
  while (Date.now() - started < maxMs) {
    const cpu = measureCpu({ postgres });
    await sleep(1000);
    const split = cpu();
    const { rows } = await sql<{ what: string }>`
      SELECT coalesce(nullif(backend_type, 'client backend'), 'query: ' || left(query, 60)) AS what
      FROM pg_stat_activity
      WHERE pid <> pg_backend_pid() AND (state IS NULL OR state NOT IN ('idle'))
        AND backend_type IN ('client backend', 'autovacuum worker', 'parallel worker')`.execute(db);
    for (const r of rows) seen.add(r.what);
    const busy = Math.max(split.trees.postgres ?? 0, split.main + split.helpers + split.started) / 1000;
    if (rows.length === 0 && busy < IDLE_SHARE) return { waitedMs: Date.now() - started, seen: [...seen], quiet: true };
    if (split.trees.postgres! / 1000 >= IDLE_SHARE) seen.add('PostgreSQL busy (checkpoint, WAL writer)');
    if ((split.main + split.helpers + split.started) / 1000 >= IDLE_SHARE) seen.add('this process busy');
  }
  return { waitedMs: Date.now() - started, seen: [...seen], quiet: false };
}
