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
import { noContent, withZod } from '../route-config.js';
import { actorOf, depsOf } from './context.js';

const uploadParams = z.object({ name: z.string().min(1).max(100) });

/**
 * Column mapping (issue 43): the dry run with a mapping of the person's own, and the organisation's
 * saved mappings (offered again for a file with the same headers).
 */
export async function registerPortfolioMappingRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const deps = depsOf(app);

  app.post(
    '/caribou/portfolio/uploads/:name/check',
    {
      schema: {
        summary: 'Dry run of an uploaded file with a chosen column mapping',
        description:
          'Reads every row of an uploaded file as the mapping given inline (columnMapping) or saved (mappingId) says, and answers what each column is read as, with samples, the rows that will fail and the mapping’s problems. Without either, the saved mapping for files with this header, else the detected one.',
        params: uploadParams,
        // No body at all reads as {}: the dry run with the mapping the file would get.
        body: uploadCheckRequestSchema.optional().transform((choice) => choice ?? {}),
        response: { 200: uploadCheckSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) => checkUploadedFile(deps, actorOf(request), request.params.name, request.body),
  );

  app.get(
    '/caribou/portfolio/mappings',
    {
      schema: {
        summary: 'The organisation’s saved column mappings',
        description: 'Every column mapping the organisation saved, with the header it was saved for.',
        response: { 200: savedMappingListSchema },
      },
      config: { policy: 'portfolio:read' },
    },
    async (request) => ({ mappings: await savedMappings(deps.db, actorOf(request)) }),
  );

  app.post(
    '/caribou/portfolio/mappings',
    {
      schema: {
        summary: 'Save a column mapping',
        description:
          'Saves a column mapping under a name for files with these headers (offered again for such a file); a name saved again replaces its mapping.',
        body: savedMappingCreateSchema,
        response: { 201: savedMappingSchema },
      },
      config: { policy: 'portfolio:write' },
    },
    async (request, reply) => reply.status(201).send(await saveMapping(deps.db, actorOf(request), request.body)),
  );

  app.delete(
    '/caribou/portfolio/mappings/:id',
    {
      schema: {
        summary: 'Delete a saved column mapping',
        description: 'Deletes one of the organisation’s saved column mappings (another organisation’s id answers 404).',
        params: mappingIdParams,
        response: { 204: noContent('Deleted') },
      },
      config: { policy: 'portfolio:write' },
    },
    async (request, reply) => {
      await removeMapping(deps.db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
