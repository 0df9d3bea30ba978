import { organizationsResponseSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { organizationsOf } from '../domain/identity/organizations.js';
import { withZod } from './route-config.js';

/** GET /api/organization: the organisations the user may act for (internal admins: all), with their abilities there. */
export async function registerOrganizationRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const { db } = app.ctx;
  app.get(
    '/organization',
    {
      schema: {
        summary: 'Organisations the caller may act for',
        description:
          "The organisations the signed-in user may act for (every organisation for internal admins), each with its enabled product and feature keys and the caller's abilities there: the server policy's decision per action for a request acting for that organisation, the caller's role in it included. The web's guards and menus read these abilities.",
        response: { 200: organizationsResponseSchema },
      },
      config: { policy: 'organization:list' },
    },
    async (request) => ({ organizations: await organizationsOf(db, request.actor!) }),
  );
}
