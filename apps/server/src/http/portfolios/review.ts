import {
  errorsPageSchema,
  PORTFOLIO_ROLE_GROUP_HEADER,
  portfolioListMetadataSchema,
  portfolioListQuerySchema,
  portfolioListSchema,
  portfolioMetadataSchema,
  portfolioPageQuerySchema,
  portfolioPropertiesQuerySchema,
  portfolioPropertyDetailSchema,
  portfolioSuggestionsSchema,
  propertiesPageSchema,
  rawRowsPageSchema,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  listFilters,
  listPortfolios,
  portfolioDetails,
  portfolioErrors,
  portfolioProperty,
  portfolioResults,
  rawRows,
  searchPortfolio,
} from '../../domain/portfolio/review.js';
import { actorOf, idParams } from './context.js';
import {
  presentDetails,
  presentErrors,
  presentFilters,
  presentList,
  presentProperty,
  presentRaw,
  presentResults,
  presentSuggestions,
} from './presenters.js';

const autocompleteQuery = z.object({
  q: z.string().trim().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
const propertyParams = z.object({
  batch: z.coerce.number().int().positive(),
  property: z.coerce.number().int().positive(),
  product: z.string().min(1),
});

/** The list, its filters, and the review screens of one portfolio. */
export async function registerPortfolioReviewRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get(
    '/caribou/portfolios',
    { schema: { response: { 200: portfolioListSchema } }, config: { policy: 'portfolio:read' } },
    async (request) => {
      const q = portfolioListQuerySchema.parse(request.query);
      return presentList(
        await listPortfolios(db, actorOf(request), { ...q, roleGroup: request.headers[PORTFOLIO_ROLE_GROUP_HEADER] }),
        q,
      );
    },
  );

  // The filter options of the list (Filter kinds: product, status, organization) with counts.
  app.get(
    '/caribou/portfolios/metadata',
    { schema: { response: { 200: portfolioListMetadataSchema } }, config: { policy: 'portfolio:read' } },
    async (request) => {
      return presentFilters(await listFilters(db, actorOf(request), request.headers[PORTFOLIO_ROLE_GROUP_HEADER]));
    },
  );

  app.get(
    '/caribou/portfolio/:id/metadata',
    { schema: { response: { 200: portfolioMetadataSchema } }, config: { policy: 'portfolio:read' } },
    async (request) => {
      const { id } = idParams.parse(request.params);
      return presentDetails(await portfolioDetails(db, actorOf(request), id));
    },
  );

  app.get(
    '/caribou/portfolio/:id/properties',
    { schema: { response: { 200: propertiesPageSchema } }, config: { policy: 'portfolio:read' } },
    async (request) => {
      const { id } = idParams.parse(request.params);
      const q = portfolioPropertiesQuerySchema.parse(request.query);
      return presentResults(await portfolioResults(db, actorOf(request), id, q), q);
    },
  );

  // Rows that could not be scored, each with the reason in plain words.
  app.get(
    '/caribou/portfolio/:id/errors',
    { schema: { response: { 200: errorsPageSchema } }, config: { policy: 'portfolio:read' } },
    async (request) => {
      const { id } = idParams.parse(request.params);
      const q = portfolioPageQuerySchema.parse(request.query);
      return presentErrors(await portfolioErrors(db, actorOf(request), id, q), q);
    },
  );

  app.get(
    '/caribou/portfolio/:id/autocomplete',
    { schema: { response: { 200: portfolioSuggestionsSchema } }, config: { policy: 'portfolio:read' } },
    async (request) => {
      const { id } = idParams.parse(request.params);
      return presentSuggestions(
        await searchPortfolio(db, actorOf(request), id, autocompleteQuery.parse(request.query)),
      );
    },
  );

  // The original rows exactly as uploaded.
  app.get(
    '/caribou/portfolio/:id/raw',
    { schema: { response: { 200: rawRowsPageSchema } }, config: { policy: 'portfolio:read' } },
    async (request) => {
      const { id } = idParams.parse(request.params);
      const q = portfolioPageQuerySchema.parse(request.query);
      return presentRaw(await rawRows(db, actorOf(request), id, q), q);
    },
  );

  // One property (row) of a portfolio for one product, with its score in every run.
  app.get(
    '/caribou/portfolio/:batch/property/:property/:product',
    { schema: { response: { 200: portfolioPropertyDetailSchema } }, config: { policy: 'portfolio:read' } },
    async (request) => {
      const params = propertyParams.parse(request.params);
      return presentProperty(
        await portfolioProperty(db, actorOf(request), {
          id: params.batch,
          rowNumber: params.property,
          product: params.product,
        }),
      );
    },
  );
}
