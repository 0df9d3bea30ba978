import { jobsMetadataSchema, jobsPageSchema, jobsQuerySchema, jobStateChangeSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { JOB_FILTERS, jobCounts, listJobs, resumeJob, suspendJob } from '../../domain/portfolio/job-admin.js';
import { depsOf, idParams } from './context.js';
import { presentJobs } from './presenters.js';

/** Internal admins' view of background work (one job per portfolio scoring run): list, suspend, resume. */
export async function registerJobRoutes(app: FastifyInstance) {
  const deps = depsOf(app);
  const { db } = deps;

  app.get(
    '/caribou/jobs',
    { schema: { response: { 200: jobsPageSchema } }, config: { policy: 'jobs:admin' } },
    async (request) => {
      const q = jobsQuerySchema.parse(request.query);
      return presentJobs(await listJobs(db, q), q);
    },
  );

  app.get(
    '/caribou/jobs/metadata',
    { schema: { response: { 200: jobsMetadataSchema } }, config: { policy: 'jobs:admin' } },
    async () => ({ filters: [...JOB_FILTERS], counts: await jobCounts(db) }),
  );

  app.post(
    '/caribou/jobs/:id/suspend',
    { schema: { response: { 200: jobStateChangeSchema } }, config: { policy: 'jobs:admin' } },
    async (request) => {
      const { id } = idParams.parse(request.params);
      return { id, state: await suspendJob(db, id) };
    },
  );

  app.post(
    '/caribou/jobs/:id/resume',
    { schema: { response: { 200: jobStateChangeSchema } }, config: { policy: 'jobs:admin' } },
    async (request) => {
      const { id } = idParams.parse(request.params);
      return { id, state: await resumeJob(db, deps.work, id) };
    },
  );
}
