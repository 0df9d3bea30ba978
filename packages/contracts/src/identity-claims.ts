// Zod-free, so the signed-in app's start (which reads the id token's claims) does not take in the
// identity answers' schemas and zod's full build with them (issue 45: the home page's JavaScript).
import { PRODUCT_ADMIN_CLAIM } from './permissions.js';

/** Claims of the id token the web app decodes into the SPEC §3 User (scopes openid, email, groups). */
export const ID_TOKEN_CLAIMS = {
  id: 'sub',
  email: 'email',
  firstName: 'given_name',
  lastName: 'family_name',
  groups: 'groups',
  /** Groups managed outside Z-VIEW (e.g. pushed by an enterprise directory); any means no user management. */
  externalGroups: 'externalGroups',
  isGroupAdmin: 'isGroupAdmin',
  /** is{product}Admin: the provider's internal admin. */
  productAdmin: PRODUCT_ADMIN_CLAIM,
  hasZorroAccess: 'hasZorroAccess',
  /** Absent means true (SPEC §3: isUserInTrialOrg defaults to true). */
  isUserInTrialOrg: 'isUserInTrialOrg',
  /** The identity-provider link type the user signed in through: 'OKTA' (password) or 'SAML2' (SSO). */
  identityProviderType: 'idp',
} as const;
