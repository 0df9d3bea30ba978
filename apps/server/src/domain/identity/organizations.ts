import type { OrganizationsResponse } from '@zview/contracts';
import { membershipsOf } from '../../auth/accounts.js';
import type { Actor, ActorOrganization } from '../../auth/actor.js';
import { abilitiesOf } from '../../auth/policy.js';
import type { Db } from '../../db/database.js';
import { allOrganizations } from '../../db/organizations.js';

/**
 * GET /api/organization: the organisations the user may act for (internal admins: all), each with
 * what the policy lets the user do there. The abilities are decided per organisation, as a request
 * acting for it would be: the user's role in that organisation (an admin of A is a plain member of
 * B), its products and trial state, the user's own facts (internal admin, SSO, external groups).
 */
export async function organizationsOf(db: Db, actor: Actor): Promise<OrganizationsResponse['organizations']> {
  const memberships = await membershipsOf(db, actor.userId);
  const roles = new Map(memberships.map((membership) => [membership.organizationId, membership.role]));
  const organizations: ActorOrganization[] = actor.isInternalAdmin
    ? (await allOrganizations(db)).map((row) => ({
        id: row.id,
        name: row.name,
        products: row.products,
        isTrial: row.is_trial,
      }))
    : memberships.map((m) => ({ id: m.organizationId, name: m.name, products: m.products, isTrial: m.isTrial }));
  return organizations.map((organization) => ({
    id: organization.id,
    name: organization.name,
    products: organization.products,
    trial: organization.isTrial,
    abilities: abilitiesOf(actingFor(actor, organization, roles.get(organization.id) ?? null)),
  }));
}

/** The actor as a request acting for `organization` would resolve it (http/authenticate.ts resolveActor). */
function actingFor(actor: Actor, organization: ActorOrganization, orgRole: Actor['orgRole']): Actor {
  return { ...actor, organization, orgRole };
}
