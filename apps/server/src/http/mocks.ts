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
import { withZod } from './route-config.js';

/** Mock responses and mock cases (SPEC §7 "Mocks"): internal admins ('mocks:manage'); the addresses list for everyone signed in. */
export async function registerMockRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const { db } = app.ctx;
  const base = '/caribou/mocks';
  const policy = { policy: 'mocks:manage' } as const;

  app.get(
    `${base}/addresses`,
    {
      schema: {
        summary: 'Mock addresses',
        description: 'The addresses that have a mock response, for the property search’s suggestions.',
        response: { 200: mockAddressesResponseSchema },
      },
      config: { policy: 'authenticated' },
    },
    async () => mockAddresses(db),
  );

  app.get(
    `${base}/responses`,
    {
      schema: {
        summary: 'Mock responses',
        description: 'Internal admins: every mock response (a canned assessment answered for its address).',
        response: { 200: mockResponsesResponseSchema },
      },
      config: policy,
    },
    async (request) => mockResponses(db, request.actor!),
  );
  app.get(
    `${base}/responses/:id`,
    {
      schema: {
        summary: 'A mock response',
        description: 'Internal admins: one mock response with its canned answer.',
        params: mockResponseParamsSchema,
        response: { 200: mockResponseSchema },
      },
      config: policy,
    },
    async (request) => mockResponse(db, request.actor!, request.params.id),
  );

  app.post(
    `${base}/responses`,
    {
      schema: {
        summary: 'Create a mock response',
        description: 'Internal admins: a canned assessment answered for an address instead of the models’.',
        body: mockResponseRequestSchema,
        response: { 201: mockResponseSchema },
      },
      config: policy,
    },
    async (request, reply) => {
      const created = await createMockResponse(db, request.actor!, request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    `${base}/responses/:id`,
    {
      schema: {
        summary: 'Replace a mock response',
        description: 'Internal admins: replaces a mock response’s address and canned answer.',
        params: mockResponseParamsSchema,
        body: mockResponseRequestSchema,
        response: { 200: mockResponseSchema },
      },
      config: policy,
    },
    async (request) => {
      return updateMockResponse(db, request.actor!, request.params.id, request.body);
    },
  );

  app.delete(
    `${base}/responses/:id`,
    {
      schema: {
        summary: 'Delete a mock response',
        description: 'Internal admins: deletes a mock response; lookups of its address get the models’ answer again.',
        params: mockResponseParamsSchema,
        response: { 200: mockResponseDeletedSchema },
      },
      config: policy,
    },
    async (request) => {
      const { id } = request.params;
      await deleteMockResponse(db, request.actor!, id);
      return { status: 'deleted' as const, id };
    },
  );

  app.get(
    `${base}/cases`,
    {
      schema: {
        summary: 'Mock cases',
        description: 'Internal admins: which organisations get which mock responses.',
        response: { 200: mockCasesResponseSchema },
      },
      config: policy,
    },
    async (request) => mockCases(db, request.actor!),
  );

  app.post(
    `${base}/cases`,
    {
      schema: {
        summary: 'Create a mock case',
        description: 'Internal admins: gives an organisation a mock response.',
        body: mockCaseRequestSchema,
        response: { 201: mockCaseSchema },
      },
      config: policy,
    },
    async (request, reply) => {
      const created = await createMockCase(db, request.actor!, request.body);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    `${base}/cases/:mockResponseId`,
    {
      schema: {
        summary: 'Delete a mock case',
        description: 'Internal admins: takes a mock response away from an organisation.',
        params: deleteMockCaseParamsSchema,
        querystring: deleteMockCaseQuerySchema,
        response: { 200: mockCaseDeletedSchema },
      },
      config: policy,
    },
    async (request) => {
      const { mockResponseId } = request.params;
      await deleteMockCase(db, request.actor!, { ...request.query, mockResponseId });
      return { status: 'deleted' as const, mockResponseId };
    },
  );
}
