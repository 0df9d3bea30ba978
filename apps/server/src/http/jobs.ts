import { jobsQuerySchema, type JobsPage, type JobState } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { setRunSuspended } from '../domain/portfolio/runs.js';
import type { PortfolioServices } from '../domain/portfolio/services.js';
import { queueRunChunks } from '../jobs/portfolio-jobs.js';
import { conflict, notFound } from './errors.js';

/**
 * Internal admins' view of background work: one job per portfolio scoring run, across
 * organisations. Suspending stops its remaining chunks; resuming queues them again.
 */
const jobState = sql<string>`CASE WHEN r.completed_at IS NOT NULL THEN 'complete' WHEN r.suspended_at IS NOT NULL THEN 'suspended'
  WHEN EXISTS (SELECT 1 FROM portfolio_run_chunks c WHERE c.run_id = r.id) THEN 'running' ELSE 'queued' END`;

export async function registerJobRoutes(app: FastifyInstance, services: PortfolioServices) {
  const { db } = app.ctx;

  app.get('/caribou/jobs', { config: { policy: 'jobs:admin' } }, async (request): Promise<JobsPage> => {
    const q = jobsQuerySchema.parse(request.query);
    let base = db.selectFrom('portfolio_runs as r').innerJoin('portfolios as p', 'p.id', 'r.portfolio_id').innerJoin('organizations as o', 'o.id', 'p.organization_id');
    if (q.filter !== 'all') base = base.where(jobState, '=', q.filter);
    if (q.organization) base = base.where('p.organization_id', '=', q.organization);
    const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await base
      .select([
        'r.id', 'r.portfolio_id', 'p.name', 'p.organization_id', 'o.name as organization_name', 'r.product', 'r.model_version', 'r.chunk_count', 'r.created_at', 'r.completed_at', 'r.suspended_at',
        jobState.as('state'),
        sql<number>`(SELECT count(*) FROM portfolio_run_chunks c WHERE c.run_id = r.id)`.as('committed'),
      ])
      .orderBy('r.id', 'desc')
      .limit(q.itemsPerPage)
      .offset((q.page - 1) * q.itemsPerPage)
      .execute();
    return {
      jobs: rows.map((r) => ({
        id: r.id,
        type: 'portfolio-run' as const,
        state: r.state as JobState,
        portfolioId: r.portfolio_id,
        portfolioName: r.name,
        organizationId: r.organization_id,
        organizationName: r.organization_name,
        product: r.product,
        modelVersion: r.model_version,
        progress: { committed: Number(r.committed), total: r.chunk_count },
        createdAt: r.created_at.toISOString(),
        completedAt: r.completed_at?.toISOString() ?? null,
        suspendedAt: r.suspended_at?.toISOString() ?? null,
      })),
      total: Number(total),
      page: q.page,
      itemsPerPage: q.itemsPerPage,
    };
  });

  app.get('/caribou/jobs/metadata', { config: { policy: 'jobs:admin' } }, async () => {
    const rows = await db.selectFrom('portfolio_runs as r').select([jobState.as('state'), (eb) => eb.fn.countAll<number>().as('n')]).groupBy(sql`1`).execute();
    const counts: Record<string, number> = { queued: 0, running: 0, suspended: 0, complete: 0 };
    for (const row of rows) counts[row.state] = Number(row.n);
    return { filters: ['all', 'queued', 'running', 'suspended', 'complete'], counts };
  });

  const idParams = z.object({ id: z.coerce.number().int().positive() });

  app.post('/caribou/jobs/:id/suspend', { config: { policy: 'jobs:admin' } }, async (request) => {
    const { id } = idParams.parse(request.params);
    const run = await setRunSuspended(db, id, true);
    if (!run) throw notFound('This job was not found.');
    if (run.completed) {
      await setRunSuspended(db, id, false);
      throw conflict('This job has already finished, so it cannot be suspended.');
    }
    return { id, state: 'suspended' };
  });

  app.post('/caribou/jobs/:id/resume', { config: { policy: 'jobs:admin' } }, async (request) => {
    const { id } = idParams.parse(request.params);
    const run = await setRunSuspended(db, id, false);
    if (!run) throw notFound('This job was not found.');
    if (!run.completed) await queueRunChunks(db, services.queue, id);
    return { id, state: run.completed ? 'complete' : 'queued' };
  });
}
