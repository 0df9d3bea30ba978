import type { Abilities, PermissionUser } from './permissions.js';

/**
 * The signed-in user as the web app knows it (SPEC §3 User, decoded from the login token).
 * `isInternalAdmin` is the spec's is{product}Admin; `hasZorroAccess` is true when the external
 * groups include the zorro group; `isUserInTrialOrg` defaults to true when the token is silent.
 */
export interface SessionUser extends PermissionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  profile: { firstName: string; lastName: string };
  externalGroups: string[];
}

/**
 * An organisation the user may act for (SPEC §3): products are its enabled product and feature keys;
 * abilities are what the server's policy lets this user do there (GET /api/organization).
 */
export interface SessionOrganization {
  id: number;
  name: string;
  products: string[];
  /** A trial organisation (SPEC §5): says why team management is absent. Absent in fixtures: not a trial. */
  trial?: boolean;
  abilities: Abilities;
}
