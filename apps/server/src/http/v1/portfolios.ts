import {
  portfolioMetadataSchema,
  portfolioProductStubsSchema,
  portfolioPropertiesQuerySchema,
  propertiesPageSchema,
  uploadResultSchema,
  v1PortfolioCreateSchema,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { createPortfolio } from '../../domain/portfolio/commands.js';
import { portfolioDetails, portfolioResults } from '../../domain/portfolio/review.js';
import { actorOf, depsOf, idParams } from '../portfolios/context.js';
import { productExportSchema, sendProductExport } from '../portfolios/export.js';
import { presentDetails, presentResults, presentStub } from '../portfolios/presenters.js';
import { receiveUpload } from '../portfolios/manage.js';

/**
 * Batch work through the public API: upload a file, create a portfolio from it, follow its status,
 * page through its results, export them. The portfolio tool's own domain commands, acting for the
 * key's organisation (another organisation's portfolio answers 404).
 */
export async function registerV1PortfolioRoutes(app: FastifyInstance) {
  const deps = depsOf(app);

  app.post(
    '/portfolios/uploads',
    {
      schema: { response: { 201: uploadResultSchema } },
      config: {
        policy: 'portfolio:write',
        openapi: { summary: 'Upload a CSV or XLSX file of locations for a portfolio', bodyType: 'multipart' },
      },
    },
    receiveUpload(app),
  );

  app.post(
    '/portfolios',
    {
      schema: { response: { 201: portfolioProductStubsSchema } },
      config: {
        policy: 'portfolio:write',
        openapi: {
          summary: 'Create a portfolio from an uploaded file; processing starts at once',
          body: v1PortfolioCreateSchema,
        },
      },
    },
    async (request, reply) => {
      const body = v1PortfolioCreateSchema.parse(request.body);
      const actor = actorOf(request);
      const created = await createPortfolio(deps, actor, { ...body, organizationId: actor.organization.id });
      return reply.status(201).send(created.stubs.map((stub) => presentStub(created.portfolio, stub)));
    },
  );

  // Status: the portfolio, each product's status and the processing progress.
  app.get(
    '/portfolios/:id',
    {
      schema: { response: { 200: portfolioMetadataSchema } },
      config: {
        policy: 'portfolio:read',
        openapi: { summary: 'A portfolio’s status: products, statuses and progress', params: idParams },
      },
    },
    async (request) => {
      const { id } = idParams.parse(request.params);
      return presentDetails(await portfolioDetails(deps.db, actorOf(request), id));
    },
  );

  app.get(
    '/portfolios/:id/results',
    {
      schema: { response: { 200: propertiesPageSchema } },
      config: {
        policy: 'portfolio:read',
        openapi: {
          summary: 'A page of a portfolio’s results',
          params: idParams,
          query: portfolioPropertiesQuerySchema,
        },
      },
    },
    async (request) => {
      const { id } = idParams.parse(request.params);
      const q = portfolioPropertiesQuerySchema.parse(request.query);
      return presentResults(await portfolioResults(deps.db, actorOf(request), id, q), q);
    },
  );

  app.get(
    '/portfolios/:id/products/:p/export',
    { schema: productExportSchema, config: { policy: 'portfolio:export', rawResponse: true } },
    sendProductExport(app),
  );
}
