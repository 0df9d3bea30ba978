import type { OrganizationsResponse } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { membershipsOf } from '../auth/accounts.js';

/** GET /api/organization: the organisations the user may act for (internal admins: all). */
export async function registerOrganizationRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  app.get('/organization', { config: { policy: 'organization:list' } }, async (request): Promise<OrganizationsResponse> => {
    const actor = request.actor!;
    if (actor.isInternalAdmin) {
      const rows = await db.selectFrom('organizations').select(['id', 'name', 'products']).orderBy('id').limit(10_000).execute();
      return { organizations: rows };
    }
    const memberships = await membershipsOf(db, actor.userId);
    return { organizations: memberships.map((m) => ({ id: m.organizationId, name: m.name, products: m.products })) };
  });
}
