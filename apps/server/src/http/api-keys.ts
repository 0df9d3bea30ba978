import {
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  apiKeySchema,
  type ApiKey,
} from '@zview/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor.js';
import type { ApiKeyRow } from '../db/api-keys.js';
import { createApiKey, listOrganizationApiKeys, revokeOrganizationApiKey, statusOf } from '../domain/api-keys/keys.js';
import { unauthorized } from './errors.js';
import { withZod } from './route-config.js';

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

export function presentApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    organizationId: row.organization_id,
    products: row.products,
    ratePerSecond: row.rate_per_second,
    burst: row.rate_burst,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by_email,
    expiresAt: row.expires_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    status: statusOf(row),
  };
}

/** /api/user-management/api-keys: the organisation's keys for the public API (issue 19). */
export async function registerApiKeyRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const { db } = app.ctx;

  app.get(
    '/user-management/api-keys',
    {
      schema: {
        summary: 'The organisation’s API keys',
        description: 'Every API key of the organisation acted for, with its status; never the key itself.',
        response: { 200: apiKeyListSchema },
      },
      config: { policy: 'api-keys:manage' },
    },
    async (request) => {
      return { results: (await listOrganizationApiKeys(db, actorOf(request))).map(presentApiKey) };
    },
  );

  // The only answer that holds the whole key.
  app.post(
    '/user-management/api-keys',
    {
      schema: {
        summary: 'Create an API key',
        description:
          'A new key for the public API (/v1) with its products and rate limit. The key is shown in this answer only: it is stored hashed.',
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedSchema },
      },
      config: { policy: 'api-keys:manage' },
    },
    async (request, reply) => {
      const { row, key } = await createApiKey(db, actorOf(request), request.body);
      return reply.status(201).send({ ...presentApiKey(row), key });
    },
  );

  app.post(
    '/user-management/api-keys/:id/revoke',
    {
      schema: {
        summary: 'Revoke an API key',
        description: 'The key is refused from the next request on, in every server process.',
        params: apiKeyIdParamsSchema,
        response: { 200: apiKeySchema },
      },
      config: { policy: 'api-keys:manage' },
    },
    async (request) => {
      const { id } = request.params;
      return presentApiKey(await revokeOrganizationApiKey(db, actorOf(request), id));
    },
  );
}
