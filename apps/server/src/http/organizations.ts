import { organizationsResponseSchema, type OrganizationsResponse } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { membershipsOf } from '../auth/accounts.js';
import { allOrganizations } from '../db/organizations.js';

/** GET /api/organization: the organisations the user may act for (internal admins: all). */
export async function registerOrganizationRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  app.get(
    '/organization',
    { schema: { response: { 200: organizationsResponseSchema } }, config: { policy: 'organization:list' } },
    async (request): Promise<OrganizationsResponse> => {
      const actor = request.actor!;
      if (actor.isInternalAdmin) {
        return { organizations: await allOrganizations(db) };
      }
      const memberships = await membershipsOf(db, actor.userId);
      return { organizations: memberships.map((m) => ({ id: m.organizationId, name: m.name, products: m.products })) };
    },
  );
}
