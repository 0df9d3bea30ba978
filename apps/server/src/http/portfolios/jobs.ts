import {
  jobsMetadataSchema,
  jobsPageSchema,
  jobsQuerySchema,
  jobStateChangeQuerySchema,
  jobStateChangeSchema,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { JOB_FILTERS, jobCounts, listJobs, resumeJob, suspendJob } from '../../domain/portfolio/job-admin.js';
import { depsOf, idParams } from './context.js';
import { presentJobs } from './presenters.js';
import { withZod } from '../route-config.js';

/** Internal admins' view of background work (a portfolio's file read, its scoring runs, their analysis): list, suspend, resume. */
export async function registerJobRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const deps = depsOf(app);
  const { db } = deps;

  app.get(
    '/caribou/jobs',
    {
      schema: {
        summary: 'Background jobs',
        description:
          'Internal admins: the portfolios’ file reads (ingest), scoring runs and the analysis of each product’s current run (exposure, aggregates, rings), filtered by state, newest first, a page at a time.',
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
        description:
          'Internal admins: stops a scoring run from taking more chunks, or a file read (type=portfolio-ingest, the portfolio’s id) where it is; either can be resumed. An analysis (type=portfolio-analysis) answers 409: it is built once when its run finishes.',
        params: idParams,
        querystring: jobStateChangeQuerySchema,
        response: { 200: jobStateChangeSchema },
      },
      config: { policy: 'jobs:admin' },
    },
    async (request) => {
      const { id } = request.params;
      return { id, state: await suspendJob(db, id, request.query.type) };
    },
  );

  app.post(
    '/caribou/jobs/:id/resume',
    {
      schema: {
        summary: 'Resume a job',
        description:
          'Internal admins: lets a suspended scoring run take its remaining chunks, or reads a suspended file (type=portfolio-ingest) again from its start.',
        params: idParams,
        querystring: jobStateChangeQuerySchema,
        response: { 200: jobStateChangeSchema },
      },
      config: { policy: 'jobs:admin' },
    },
    async (request) => {
      const { id } = request.params;
      return { id, state: await resumeJob(db, deps.work, id, request.query.type) };
    },
  );
}
