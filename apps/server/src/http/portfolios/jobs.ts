import { jobsMetadataSchema, jobsPageSchema, jobsQuerySchema, jobStateChangeSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { JOB_FILTERS, jobCounts, listJobs, resumeJob, suspendJob } from '../../domain/portfolio/job-admin.js';
import { depsOf, idParams } from './context.js';
import { presentJobs } from './presenters.js';
import { withZod } from '../route-config.js';

/** Internal admins' view of background work (one job per portfolio scoring run): list, suspend, resume. */
export async function registerJobRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const deps = depsOf(app);
  const { db } = deps;

  app.get(
    '/caribou/jobs',
    {
      schema: {
        summary: 'Background jobs',
        description: 'Internal admins: the portfolio scoring runs, filtered by state, a page at a time.',
        querystring: jobsQuerySchema,
        response: { 200: jobsPageSchema },
      },
      config: { policy: 'jobs:admin' },
    },
    async (request) => presentJobs(await listJobs(db, request.query), request.query),
  );

  app.get(
    '/caribou/jobs/metadata',
    {
      schema: {
        summary: 'Job filters and counts',
        description: 'Internal admins: the job list’s filters with the number of jobs in each.',
        response: { 200: jobsMetadataSchema },
      },
      config: { policy: 'jobs:admin' },
    },
    async () => ({ filters: [...JOB_FILTERS], counts: await jobCounts(db) }),
  );

  app.post(
    '/caribou/jobs/:id/suspend',
    {
      schema: {
        summary: 'Suspend a job',
        description: 'Internal admins: stops a scoring run from taking more chunks; it can be resumed.',
        params: idParams,
        response: { 200: jobStateChangeSchema },
      },
      config: { policy: 'jobs:admin' },
    },
    async (request) => {
      const { id } = request.params;
      return { id, state: await suspendJob(db, id) };
    },
  );

  app.post(
    '/caribou/jobs/:id/resume',
    {
      schema: {
        summary: 'Resume a job',
        description: 'Internal admins: lets a suspended scoring run take its remaining chunks.',
        params: idParams,
        response: { 200: jobStateChangeSchema },
      },
      config: { policy: 'jobs:admin' },
    },
    async (request) => {
      const { id } = request.params;
      return { id, state: await resumeJob(db, deps.work, id) };
    },
  );
}
