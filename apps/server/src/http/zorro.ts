import {
  zorroAskSchema,
  zorroConversationCreateSchema,
  zorroConversationRenameSchema,
  zorroDocumentQuerySchema,
  zorroFiltersSchema,
  zorroIdParamsSchema,
  zorroSearchQuerySchema,
} from '@zview/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as conversations from '../domain/zorro/conversations.js';
import { document, facets, filing, search } from '../domain/zorro/search.js';

/**
 * Data discovery (zorro) under /api/zorro: search, facets (GET /zorro/filters, SPEC §7), filings,
 * documents and the explorer's conversations. Every route asks 'zorro:use' (the user's zorro group
 * and the organisation's zorro feature, SPEC §6); a refusal answers 404 with no data.
 */
const owner = (request: FastifyRequest) => ({ organizationId: request.actor!.organization.id, userId: request.actor!.userId });
const zorro = { config: { policy: 'zorro:use' } } as const;

export async function registerZorroRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  app.get('/zorro/search', zorro, async (request) => search(db, zorroSearchQuerySchema.parse(request.query)));
  app.get('/zorro/filters', zorro, async (request) => facets(db, zorroFiltersSchema.parse(request.query)));
  app.get('/zorro/filings/:id', zorro, async (request) => filing(db, zorroIdParamsSchema.parse(request.params).id));
  app.get('/zorro/documents/:id', zorro, async (request) =>
    document(db, zorroIdParamsSchema.parse(request.params).id, zorroDocumentQuerySchema.parse(request.query).q),
  );

  app.get('/zorro/conversations', zorro, async (request) => ({ conversations: await conversations.listConversations(db, owner(request)) }));
  app.post('/zorro/conversations', zorro, async (request, reply) => {
    const { title } = zorroConversationCreateSchema.parse(request.body ?? {});
    return reply.code(201).send(await conversations.createConversation(db, owner(request), title));
  });
  app.get('/zorro/conversations/:id', zorro, async (request) => conversations.conversationMessages(db, owner(request), zorroIdParamsSchema.parse(request.params).id));
  app.patch('/zorro/conversations/:id', zorro, async (request) =>
    conversations.renameConversation(db, owner(request), zorroIdParamsSchema.parse(request.params).id, zorroConversationRenameSchema.parse(request.body).title),
  );
  app.delete('/zorro/conversations/:id', zorro, async (request, reply) => {
    await conversations.deleteConversation(db, owner(request), zorroIdParamsSchema.parse(request.params).id);
    return reply.code(204).send();
  });
  app.post('/zorro/conversations/:id/messages', zorro, async (request, reply) => {
    const { id } = zorroIdParamsSchema.parse(request.params);
    const { question } = zorroAskSchema.parse(request.body);
    return reply.code(201).send(await conversations.ask(db, owner(request), id, question, config.zorro.llm));
  });
}
