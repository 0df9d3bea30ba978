import {
  errorsPageSchema,
  PORTFOLIO_ROLE_GROUP_HEADER,
  portfolioListMetadataSchema,
  portfolioListQuerySchema,
  portfolioListSchema,
  portfolioMetadataSchema,
  portfolioPageQuerySchema,
  portfolioAutocompleteQuerySchema,
  portfolioPropertiesQuerySchema,
  portfolioPropertyParamsSchema,
  portfolioPropertyDetailSchema,
  portfolioSuggestionsSchema,
  propertiesPageSchema,
  rawRowsPageSchema,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
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
import { withZod } from '../route-config.js';
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

/** The list, its filters, and the review screens of one portfolio. */
export async function registerPortfolioReviewRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const { db } = app.ctx;

  app.get(
    '/caribou/portfolios',
    {
      schema: {
        summary: 'List portfolios',
        description:
          'The portfolios the caller may see, a page at a time, filtered by product, status or organisation and sorted; staff may narrow by role group with the x-role-group header.',
        querystring: portfolioListQuerySchema,
        response: { 200: portfolioListSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) =>
      presentList(
        await listPortfolios(db, actorOf(request), {
          ...request.query,
          roleGroup: request.headers[PORTFOLIO_ROLE_GROUP_HEADER],
        }),
        request.query,
      ),
  );

  // The filter options of the list (Filter kinds: product, status, organization) with counts.
  app.get(
    '/caribou/portfolios/metadata',
    {
      schema: {
        summary: 'Portfolio list filters',
        description: 'The filter options of the portfolio list (product, status, organisation) with their counts.',
        response: { 200: portfolioListMetadataSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) =>
      presentFilters(await listFilters(db, actorOf(request), request.headers[PORTFOLIO_ROLE_GROUP_HEADER])),
  );

  app.get(
    '/caribou/portfolio/:id/metadata',
    {
      schema: {
        summary: 'A portfolio',
        description: 'A portfolio with its products, their statuses and the processing progress.',
        params: idParams,
        response: { 200: portfolioMetadataSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) => presentDetails(await portfolioDetails(db, actorOf(request), request.params.id)),
  );

  app.get(
    '/caribou/portfolio/:id/properties',
    {
      schema: {
        summary: 'A portfolio’s results',
        description: 'The scored rows of a portfolio, a page at a time, filtered and sorted.',
        params: idParams,
        querystring: portfolioPropertiesQuerySchema,
        response: { 200: propertiesPageSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) =>
      presentResults(await portfolioResults(db, actorOf(request), request.params.id, request.query), request.query),
  );

  // Rows that could not be scored, each with the reason in plain words.
  app.get(
    '/caribou/portfolio/:id/errors',
    {
      schema: {
        summary: 'A portfolio’s failed rows',
        description: 'The rows that could not be scored, each with the reason in plain words, a page at a time.',
        params: idParams,
        querystring: portfolioPageQuerySchema,
        response: { 200: errorsPageSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) =>
      presentErrors(await portfolioErrors(db, actorOf(request), request.params.id, request.query), request.query),
  );

  app.get(
    '/caribou/portfolio/:id/autocomplete',
    {
      schema: {
        summary: 'Search a portfolio’s addresses',
        description: 'Addresses of the portfolio’s rows matching `q`, for the review screen’s search box.',
        params: idParams,
        querystring: portfolioAutocompleteQuerySchema,
        response: { 200: portfolioSuggestionsSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) =>
      presentSuggestions(await searchPortfolio(db, actorOf(request), request.params.id, request.query)),
  );

  // The original rows exactly as uploaded.
  app.get(
    '/caribou/portfolio/:id/raw',
    {
      schema: {
        summary: 'A portfolio’s uploaded rows',
        description: 'The original rows exactly as uploaded, a page at a time.',
        params: idParams,
        querystring: portfolioPageQuerySchema,
        response: { 200: rawRowsPageSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) => presentRaw(await rawRows(db, actorOf(request), request.params.id, request.query), request.query),
  );

  // One property (row) of a portfolio for one product, with its score in every run.
  app.get(
    '/caribou/portfolio/:batch/property/:property/:product',
    {
      schema: {
        summary: 'A row of a portfolio',
        description: 'One row of a portfolio for one product, with its score in every run.',
        params: portfolioPropertyParamsSchema,
        response: { 200: portfolioPropertyDetailSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) => {
      const { batch, property, product } = request.params;
      return presentProperty(
        await portfolioProperty(db, actorOf(request), { id: batch, rowNumber: property, product }),
      );
    },
  );
}
