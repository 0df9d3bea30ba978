import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Background work as internal admins see it: one job per portfolio scoring run, across
 * organisations. A job's state is derived from its run (finished, suspended, started or queued).
 */
const jobState = sql<string>`CASE WHEN r.completed_at IS NOT NULL THEN 'complete' WHEN r.suspended_at IS NOT NULL THEN 'suspended'
  WHEN EXISTS (SELECT 1 FROM portfolio_run_chunks c WHERE c.run_id = r.id) THEN 'running' ELSE 'queued' END`;

export async function jobsPage(
  db: Db,
  filter: { state: string | 'all'; organizationId?: number },
  page: { limit: number; offset: number },
) {
  let base = db
    .selectFrom('portfolio_runs as r')
    .innerJoin('portfolios as p', 'p.id', 'r.portfolio_id')
    .innerJoin('organizations as o', 'o.id', 'p.organization_id');
  if (filter.state !== 'all') base = base.where(jobState, '=', filter.state);
  if (filter.organizationId) base = base.where('p.organization_id', '=', filter.organizationId);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'r.id',
      'r.portfolio_id',
      'p.name',
      'p.organization_id',
      'o.name as organization_name',
      'r.product',
      'r.model_version',
      'r.chunk_count',
      'r.created_at',
      'r.completed_at',
      'r.suspended_at',
      jobState.as('state'),
      sql<number>`(SELECT count(*) FROM portfolio_run_chunks c WHERE c.run_id = r.id)`.as('committed'),
    ])
    .orderBy('r.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(total), rows };
}
export type JobRow = Awaited<ReturnType<typeof jobsPage>>['rows'][number];

/** Number of jobs in each state. */
export async function jobStateCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('portfolio_runs as r')
    .select([jobState.as('state'), (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(sql`1`)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]));
}
