/**
 * Who is calling, for which organisation. The authentication hook (src/http/authenticate.ts,
 * identity issue) builds it from the verified bearer token and `target_organization_id`; routes
 * read it as `request.actor` and ask the policy (src/auth/policy.ts) before doing anything.
 */
export interface ActorOrganization {
  id: number;
  name: string;
  /** Enabled product and feature keys. */
  products: string[];
  isTrial: boolean;
}

export interface Actor {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The provider's internal admin (is{product}Admin): may act for any organisation. */
  isInternalAdmin: boolean;
  externalGroups: string[];
  /** Signed in through an enterprise SSO identity provider (user management read-only). */
  isSso: boolean;
  /** The organisation this request acts for. */
  organization: ActorOrganization;
  /** The caller's role in that organisation; null for internal admins acting for a foreign one. */
  orgRole: 'member' | 'admin' | null;
  /** Runtime flags the policy depends on (set by the authentication hook; defaults in policy.ts). */
  settings?: PolicySettings;
}

export interface PolicySettings {
  userManagementEnabled: boolean;
  billingPageEnabled: boolean;
  /** PORTFOLIO_ENABLED (on when absent). */
  portfolioEnabled?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every non-public /api route; absent on public routes. */
    actor?: Actor;
  }
}
