import {
  portfolioMetadataSchema,
  portfolioProductStubsSchema,
  portfolioPropertiesQuerySchema,
  propertiesPageSchema,
  v1PortfolioCreateSchema,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { createPortfolio } from '../../domain/portfolio/commands.js';
import { portfolioDetails, portfolioResults } from '../../domain/portfolio/review.js';
import { actorOf, depsOf, idParams } from '../portfolios/context.js';
import { productExportSchema, sendProductExport } from '../portfolios/export.js';
import { presentDetails, presentResults, presentStub } from '../portfolios/presenters.js';
import { receiveUpload, uploadSchema } from '../portfolios/manage.js';
import { withZod } from '../route-config.js';
import { V1_EXAMPLES } from './examples.js';

/**
 * Batch work through the public API: upload a file, create a portfolio from it, follow its status,
 * page through its results, export them. The portfolio tool's own domain commands, acting for the
 * key's organisation (another organisation's portfolio answers 404).
 */
export async function registerV1PortfolioRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const deps = depsOf(app);

  app.post(
    '/portfolios/uploads',
    {
      schema: {
        ...uploadSchema,
        summary: 'Upload a file of locations',
        description: `${uploadSchema.description} Answers the \`uploadedFileName\` to create a portfolio from.`,
      },
      config: { policy: 'portfolio:write' },
    },
    receiveUpload(app),
  );

  app.post(
    '/portfolios',
    {
      schema: {
        summary: 'Create a portfolio',
        description:
          'A portfolio from an uploaded file (`uploadedFileName`) for the products named; processing starts at once. Answers one stub per product; follow it with GET /v1/portfolios/{id}.',
        body: v1PortfolioCreateSchema.meta({ examples: [V1_EXAMPLES.portfolioCreate] }),
        response: { 201: portfolioProductStubsSchema },
      },
      config: { policy: 'portfolio:write' },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const created = await createPortfolio(deps, actor, { ...request.body, organizationId: actor.organization.id });
      return reply.status(201).send(created.stubs.map((stub) => presentStub(created.portfolio, stub)));
    },
  );

  // Status: the portfolio, each product's status and the processing progress.
  app.get(
    '/portfolios/:id',
    {
      schema: {
        summary: 'A portfolio’s status',
        description: 'The portfolio, each product’s status and the processing progress.',
        params: idParams,
        response: { 200: portfolioMetadataSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) => presentDetails(await portfolioDetails(deps.db, actorOf(request), request.params.id)),
  );

  app.get(
    '/portfolios/:id/results',
    {
      schema: {
        summary: 'A portfolio’s results',
        description: 'A page of a portfolio’s scored rows (e.g. `?product=zhail&page=1&itemsPerPage=100`).',
        params: idParams,
        querystring: portfolioPropertiesQuerySchema,
        response: { 200: propertiesPageSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) =>
      presentResults(
        await portfolioResults(deps.db, actorOf(request), request.params.id, request.query),
        request.query,
      ),
  );

  app.get(
    '/portfolios/:id/products/:p/export',
    { schema: productExportSchema, config: { policy: 'portfolio:export', rawResponse: true } },
    sendProductExport(app),
  );
}
