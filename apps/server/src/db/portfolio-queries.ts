import { sql } from 'kysely';
import type { Db } from './database.js';

/** Committed chunks over chunk count, per run: the progress of processing. */
export async function runProgress(
  db: Db,
  runIds: number[],
): Promise<Map<number, { committed: number; total: number; percent: number }>> {
  const map = new Map<number, { committed: number; total: number; percent: number }>();
  if (!runIds.length) return map;
  const rows = await db
    .selectFrom('portfolio_runs as r')
    .leftJoin('portfolio_run_chunks as c', 'c.run_id', 'r.id')
    .select(['r.id', 'r.chunk_count', 'r.completed_at', (eb) => eb.fn.count<number>('c.chunk_index').as('committed')])
    .where('r.id', 'in', runIds)
    .groupBy(['r.id', 'r.chunk_count', 'r.completed_at'])
    .execute();
  for (const row of rows) {
    const committed = Number(row.committed);
    const percent = row.completed_at ? 100 : row.chunk_count ? Math.floor((committed / row.chunk_count) * 100) : 0;
    map.set(row.id, { committed, total: row.chunk_count, percent });
  }
  return map;
}

/** Risk-level counts (scored rows) and error count of one run: the sums of its committed chunks' counts. */
export async function runSummary(db: Db, runId: number) {
  const count = (key: string) => sql<number>`coalesce(sum((summary->>${key})::int), 0)::int`.as(key);
  const sums = await db
    .selectFrom('portfolio_run_chunks')
    .select([count('low'), count('medium'), count('high'), count('none'), count('errors')])
    .where('run_id', '=', runId)
    .executeTakeFirst();
  const riskLevels = { low: sums?.low ?? 0, medium: sums?.medium ?? 0, high: sums?.high ?? 0, none: sums?.none ?? 0 };
  return { riskLevels, errorCount: sums?.errors ?? 0 };
}

/** A one-line address for display, from whichever columns the file had. */
export function displayAddress(row: {
  address: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}): string | null {
  if (row.address) return row.address;
  const parts = [row.street, row.city, [row.state, row.zip].filter(Boolean).join(' ')].filter((p) => p && p.length);
  return parts.length ? parts.join(', ') : null;
}
