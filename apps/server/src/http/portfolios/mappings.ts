import {
  mappingIdParams,
  savedMappingCreateSchema,
  savedMappingListSchema,
  savedMappingSchema,
  uploadCheckRequestSchema,
  uploadCheckSchema,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkUploadedFile } from '../../domain/portfolio/commands.js';
import { removeMapping, saveMapping, savedMappings } from '../../domain/portfolio/mapping/saved.js';
import { actorOf, depsOf } from './context.js';

const uploadParams = z.object({ name: z.string().min(1).max(100) });

/**
 * Column mapping (issue 43): the dry run with a mapping of the person's own, and the organisation's
 * saved mappings (offered again for a file with the same headers).
 */
export async function registerPortfolioMappingRoutes(app: FastifyInstance) {
  const deps = depsOf(app);

  app.post(
    '/caribou/portfolio/uploads/:name/check',
    {
      schema: { response: { 200: uploadCheckSchema } },
      config: {
        policy: 'portfolio:read',
        openapi: {
          summary: 'Dry run of an uploaded file read with a chosen column mapping',
          params: uploadParams,
          body: uploadCheckRequestSchema,
        },
      },
    },
    async (request) => {
      const { name } = uploadParams.parse(request.params);
      const choice = uploadCheckRequestSchema.parse(request.body ?? {});
      return checkUploadedFile(deps, actorOf(request), name, choice);
    },
  );

  app.get(
    '/caribou/portfolio/mappings',
    {
      schema: { response: { 200: savedMappingListSchema } },
      config: { policy: 'portfolio:read', openapi: { summary: 'The organisation’s saved column mappings' } },
    },
    async (request) => ({ mappings: await savedMappings(deps.db, actorOf(request)) }),
  );

  app.post(
    '/caribou/portfolio/mappings',
    {
      schema: { response: { 201: savedMappingSchema } },
      config: {
        policy: 'portfolio:write',
        openapi: { summary: 'Save a column mapping for files with these headers', body: savedMappingCreateSchema },
      },
    },
    async (request, reply) => {
      const body = savedMappingCreateSchema.parse(request.body);
      return reply.status(201).send(await saveMapping(deps.db, actorOf(request), body));
    },
  );

  app.delete(
    '/caribou/portfolio/mappings/:id',
    {
      config: {
        policy: 'portfolio:write',
        rawResponse: true,
        openapi: { summary: 'Delete a saved column mapping', params: mappingIdParams },
      },
    },
    async (request, reply) => {
      const { id } = mappingIdParams.parse(request.params);
      await removeMapping(deps.db, actorOf(request), id);
      return reply.status(204).send();
    },
  );
}
