import {
  deleteMockCaseParamsSchema,
  mockAddressesResponseSchema,
  mockCaseDeletedSchema,
  mockCaseSchema,
  mockCasesResponseSchema,
  mockResponseDeletedSchema,
  mockResponseSchema,
  mockResponsesResponseSchema,
  deleteMockCaseQuerySchema,
  mockCaseRequestSchema,
  mockResponseParamsSchema,
  mockResponseRequestSchema,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import {
  createMockCase,
  createMockResponse,
  deleteMockCase,
  deleteMockResponse,
  mockAddresses,
  mockCases,
  mockResponse,
  mockResponses,
  updateMockResponse,
} from '../domain/mocks/manage.js';

/** Mock responses and mock cases (SPEC §7 "Mocks"): internal admins ('mocks:manage'); the addresses list for everyone signed in. */
export async function registerMockRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const base = '/caribou/mocks';
  const policy = { policy: 'mocks:manage' } as const;

  app.get(
    `${base}/addresses`,
    { schema: { response: { 200: mockAddressesResponseSchema } }, config: { policy: 'authenticated' } },
    async () => mockAddresses(db),
  );

  app.get(
    `${base}/responses`,
    { schema: { response: { 200: mockResponsesResponseSchema } }, config: policy },
    async (request) => mockResponses(db, request.actor!),
  );
  app.get(
    `${base}/responses/:id`,
    { schema: { response: { 200: mockResponseSchema } }, config: policy },
    async (request) => mockResponse(db, request.actor!, mockResponseParamsSchema.parse(request.params).id),
  );

  app.post(
    `${base}/responses`,
    { schema: { response: { 201: mockResponseSchema } }, config: policy },
    async (request, reply) => {
      const created = await createMockResponse(db, request.actor!, mockResponseRequestSchema.parse(request.body ?? {}));
      return reply.status(201).send(created);
    },
  );

  app.put(
    `${base}/responses/:id`,
    { schema: { response: { 200: mockResponseSchema } }, config: policy },
    async (request) => {
      const { id } = mockResponseParamsSchema.parse(request.params);
      return updateMockResponse(db, request.actor!, id, mockResponseRequestSchema.parse(request.body ?? {}));
    },
  );

  app.delete(
    `${base}/responses/:id`,
    { schema: { response: { 200: mockResponseDeletedSchema } }, config: policy },
    async (request) => {
      const { id } = mockResponseParamsSchema.parse(request.params);
      await deleteMockResponse(db, request.actor!, id);
      return { status: 'deleted', id };
    },
  );

  app.get(
    `${base}/cases`,
    { schema: { response: { 200: mockCasesResponseSchema } }, config: policy },
    async (request) => mockCases(db, request.actor!),
  );

  app.post(
    `${base}/cases`,
    { schema: { response: { 201: mockCaseSchema } }, config: policy },
    async (request, reply) => {
      const created = await createMockCase(db, request.actor!, mockCaseRequestSchema.parse(request.body ?? {}));
      return reply.status(201).send(created);
    },
  );

  app.delete(
    `${base}/cases/:mockResponseId`,
    { schema: { response: { 200: mockCaseDeletedSchema } }, config: policy },
    async (request) => {
      const { mockResponseId } = deleteMockCaseParamsSchema.parse(request.params);
      await deleteMockCase(db, request.actor!, { ...deleteMockCaseQuerySchema.parse(request.query), mockResponseId });
      return { status: 'deleted', mockResponseId };
    },
  );
}
