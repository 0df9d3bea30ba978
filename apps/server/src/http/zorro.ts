import {
  zorroAskResponseSchema,
  zorroAskSchema,
  zorroConversationCreateSchema,
  zorroConversationRenameSchema,
  zorroConversationSchema,
  zorroConversationsResponseSchema,
  zorroDocumentQuerySchema,
  zorroDocumentSchema,
  zorroExportQuerySchema,
  zorroFilingSchema,
  zorroFiltersResponseSchema,
  zorroFiltersSchema,
  zorroIdParamsSchema,
  zorroMessagesResponseSchema,
  zorroSearchQuerySchema,
  zorroSearchResponseSchema,
} from '@zview/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as conversations from '../domain/zorro/conversations.js';
import { exportFilings } from '../domain/zorro/export.js';
import { discoverFacets, discoverSearch, document, filing } from '../domain/zorro/search.js';
import { CSV_OR_XLSX, fileResponse, noContent, withZod } from './route-config.js';

/**
 * Data discovery (zorro) under /api/zorro: search, facets (GET /zorro/filters, SPEC §7), filings,
 * documents, the grid's export and the explorer's conversations. Every route asks 'zorro:use' (the
 * user's zorro group and the organisation's zorro feature, SPEC §6); a refusal answers 404 with no data.
 */
const owner = (request: FastifyRequest) => ({
  organizationId: request.actor!.organization.id,
  userId: request.actor!.userId,
});
const config = { policy: 'zorro:use' } as const;

export async function registerZorroRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const { db } = app.ctx;
  const llm = app.ctx.config.zorro.llm;
  const schema = {
    search: {
      summary: 'Search filings',
      description: 'Regulatory filings matching the words and filters, best first, a page at a time.',
      querystring: zorroSearchQuerySchema,
      response: { 200: zorroSearchResponseSchema },
    },
    filters: {
      summary: 'Search facets',
      description:
        'The values of each filter (state, company, line of business…) with their counts under the other filters.',
      querystring: zorroFiltersSchema,
      response: { 200: zorroFiltersResponseSchema },
    },
  } as const;
  app.get('/zorro/search', { schema: schema.search, config }, async (request) => discoverSearch(db, request.query));
  app.get('/zorro/filters', { schema: schema.filters, config }, async (request) => discoverFacets(db, request.query));
  app.get(
    '/zorro/filings/:id',
    {
      schema: {
        summary: 'A filing',
        description: 'One filing with its metadata and its documents.',
        params: zorroIdParamsSchema,
        response: { 200: zorroFilingSchema },
      },
      config,
    },
    async (request) => filing(db, request.params.id),
  );
  app.get(
    '/zorro/documents/:id',
    {
      schema: {
        summary: 'A filing document',
        description: 'A document’s text, with the passages matching `q` marked.',
        params: zorroIdParamsSchema,
        querystring: zorroDocumentQuerySchema,
        response: { 200: zorroDocumentSchema },
      },
      config,
    },
    async (request) => document(db, request.params.id, request.query.q),
  );
  // Every matching filing (no cap), streamed as CSV or XLSX.
  app.get(
    '/zorro/export',
    {
      schema: {
        summary: 'Export filings',
        description: 'Every filing matching the search (no cap), streamed as a CSV or XLSX attachment.',
        querystring: zorroExportQuerySchema,
        response: { 200: fileResponse('The filings, as an attachment', CSV_OR_XLSX) },
      },
      config: { ...config, rawResponse: true },
    },
    async (request, reply) => {
      const file = await exportFilings(db, request.query);
      reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
      reply.header('content-type', file.contentType);
      return reply.send(file.stream);
    },
  );

  app.get(
    '/zorro/conversations',
    {
      schema: {
        summary: 'My conversations',
        description: 'The signed-in user’s explorer conversations, newest first.',
        response: { 200: zorroConversationsResponseSchema },
      },
      config,
    },
    async (request) => ({ conversations: await conversations.listConversations(db, owner(request)) }),
  );
  app.post(
    '/zorro/conversations',
    {
      schema: {
        summary: 'Start a conversation',
        description: 'A new explorer conversation of the signed-in user.',
        body: zorroConversationCreateSchema,
        response: { 201: zorroConversationSchema },
      },
      config,
    },
    async (request, reply) =>
      reply.code(201).send(await conversations.createConversation(db, owner(request), request.body.title)),
  );
  app.get(
    '/zorro/conversations/:id',
    {
      schema: {
        summary: 'A conversation’s messages',
        description: 'The questions and answers of one of the signed-in user’s conversations.',
        params: zorroIdParamsSchema,
        response: { 200: zorroMessagesResponseSchema },
      },
      config,
    },
    async (request) => conversations.conversationMessages(db, owner(request), request.params.id),
  );
  app.patch(
    '/zorro/conversations/:id',
    {
      schema: {
        summary: 'Rename a conversation',
        description: 'Changes the title of one of the signed-in user’s conversations.',
        params: zorroIdParamsSchema,
        body: zorroConversationRenameSchema,
        response: { 200: zorroConversationSchema },
      },
      config,
    },
    async (request) => conversations.renameConversation(db, owner(request), request.params.id, request.body.title),
  );
  app.delete(
    '/zorro/conversations/:id',
    {
      schema: {
        summary: 'Delete a conversation',
        description: 'Deletes one of the signed-in user’s conversations and its messages.',
        params: zorroIdParamsSchema,
        response: { 204: noContent('Deleted') },
      },
      config: { ...config, rawResponse: true },
    },
    async (request, reply) => {
      await conversations.deleteConversation(db, owner(request), request.params.id);
      return reply.code(204).send();
    },
  );
  app.post(
    '/zorro/conversations/:id/messages',
    {
      schema: {
        summary: 'Ask a question',
        description:
          'Asks a question in a conversation: answered from the filings (with the model configured, else by search), with its sources.',
        params: zorroIdParamsSchema,
        body: zorroAskSchema,
        response: { 201: zorroAskResponseSchema },
      },
      config,
    },
    async (request, reply) =>
      reply.code(201).send(await conversations.ask(db, owner(request), request.params.id, request.body.question, llm)),
  );
}
