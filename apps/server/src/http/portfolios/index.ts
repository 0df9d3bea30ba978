import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { depsOf } from './context.js';
import { registerPortfolioExportRoutes } from './export.js';
import { registerJobRoutes } from './jobs.js';
import { registerPortfolioManageRoutes } from './manage.js';
import { registerPortfolioMapRoutes } from './map.js';
import { registerPortfolioMappingRoutes } from './mappings.js';
import { registerPortfolioAnalysisRoutes } from './analysis.js';
import { registerPortfolioReviewRoutes } from './review.js';
import { registerPortfolioNoticeRoutes } from './notices.js';

/** /api/caribou/portfolio* and /api/caribou/jobs: upload, create, review, export, rerun, map, jobs. */
export async function registerPortfolioRoutes(app: FastifyInstance) {
  const { maxUploadBytes } = depsOf(app);
  app.addHook('onClose', async () => app.ctx.portfolio?.queue.stop());
  await app.register(multipart, { limits: { fileSize: maxUploadBytes, files: 1, fields: 5 } });
  await registerPortfolioManageRoutes(app);
  await registerPortfolioReviewRoutes(app);
  await registerPortfolioExportRoutes(app);
  await registerJobRoutes(app);
  await registerPortfolioMapRoutes(app);
  await registerPortfolioMappingRoutes(app);
  await registerPortfolioAnalysisRoutes(app);
  await registerPortfolioNoticeRoutes(app);
}
