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
import type { ZodType } from 'zod';
import * as conversations from '../domain/zorro/conversations.js';
import { exportFilings } from '../domain/zorro/export.js';
import { discoverFacets, discoverSearch, document, filing } from '../domain/zorro/search.js';

/**
 * Data discovery (zorro) under /api/zorro: search, facets (GET /zorro/filters, SPEC §7), filings,
 * documents, the grid's export and the explorer's conversations. Every route asks 'zorro:use' (the
 * user's zorro group and the organisation's zorro feature, SPEC §6); a refusal answers 404 with no data.
 */
const owner = (request: FastifyRequest) => ({
  organizationId: request.actor!.organization.id,
  userId: request.actor!.userId,
});
/** A zorro route answering `schema` with `status`. */
const zorro = (schema: ZodType, status = 200) =>
  ({ schema: { response: { [status]: schema } }, config: { policy: 'zorro:use' } }) as const;

export async function registerZorroRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  app.get('/zorro/search', zorro(zorroSearchResponseSchema), async (request) =>
    discoverSearch(db, zorroSearchQuerySchema.parse(request.query)),
  );
  app.get('/zorro/filters', zorro(zorroFiltersResponseSchema), async (request) =>
    discoverFacets(db, zorroFiltersSchema.parse(request.query)),
  );
  app.get('/zorro/filings/:id', zorro(zorroFilingSchema), async (request) =>
    filing(db, zorroIdParamsSchema.parse(request.params).id),
  );
  app.get('/zorro/documents/:id', zorro(zorroDocumentSchema), async (request) =>
    document(db, zorroIdParamsSchema.parse(request.params).id, zorroDocumentQuerySchema.parse(request.query).q),
  );
  // Every matching filing (no cap), streamed as CSV or XLSX.
  app.get('/zorro/export', { config: { policy: 'zorro:use', rawResponse: true } }, async (request, reply) => {
    const file = exportFilings(db, zorroExportQuerySchema.parse(request.query));
    reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
    reply.header('content-type', file.contentType);
    return reply.send(file.stream);
  });

  app.get('/zorro/conversations', zorro(zorroConversationsResponseSchema), async (request) => ({
    conversations: await conversations.listConversations(db, owner(request)),
  }));
  app.post('/zorro/conversations', zorro(zorroConversationSchema, 201), async (request, reply) => {
    const { title } = zorroConversationCreateSchema.parse(request.body ?? {});
    return reply.code(201).send(await conversations.createConversation(db, owner(request), title));
  });
  app.get('/zorro/conversations/:id', zorro(zorroMessagesResponseSchema), async (request) =>
    conversations.conversationMessages(db, owner(request), zorroIdParamsSchema.parse(request.params).id),
  );
  app.patch('/zorro/conversations/:id', zorro(zorroConversationSchema), async (request) =>
    conversations.renameConversation(
      db,
      owner(request),
      zorroIdParamsSchema.parse(request.params).id,
      zorroConversationRenameSchema.parse(request.body).title,
    ),
  );
  // 204, no body.
  app.delete(
    '/zorro/conversations/:id',
    { config: { policy: 'zorro:use', rawResponse: true } },
    async (request, reply) => {
      await conversations.deleteConversation(db, owner(request), zorroIdParamsSchema.parse(request.params).id);
      return reply.code(204).send();
    },
  );
  app.post('/zorro/conversations/:id/messages', zorro(zorroAskResponseSchema, 201), async (request, reply) => {
    const { id } = zorroIdParamsSchema.parse(request.params);
    const { question } = zorroAskSchema.parse(request.body);
    return reply.code(201).send(await conversations.ask(db, owner(request), id, question, config.zorro.llm));
  });
}
