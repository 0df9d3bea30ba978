import { z } from 'zod';

/**
 * Identity contracts shared by the embedded identity provider (server) and the sign-in code of
 * the web app: the claims of the login (id) token, the group names that grant roles, the
 * identity lookup by email and the Okta-style credential sign-in.
 */

/** Group names carried in the `groups` claim (scope `groups`). */
export const IDENTITY_GROUPS = {
  /** Membership gives zorro access (combined with organisation enablement, SPEC §6). */
  zorro: 'zorro',
  /** Group admins manage their team (SPEC §6). */
  groupAdmin: 'group_admin',
  /** The provider's internal admins: is{product}Admin, i.e. {product}_admin (SPEC §6). */
  productAdmin: 'zview_admin',
} as const;

/** Claims of the id token the web app decodes into the SPEC §3 User. */
export const ID_TOKEN_CLAIMS = {
  id: 'sub',
  email: 'email',
  firstName: 'given_name',
  lastName: 'family_name',
  groups: 'groups',
  /** Groups managed outside Z-VIEW (e.g. pushed by an enterprise directory); any means no user management. */
  externalGroups: 'external_groups',
  /** Absent means true (SPEC §3: isUserInTrialOrg defaults to true). */
  isUserInTrialOrg: 'is_user_in_trial_org',
  /** The identity-provider link type the user signed in through: 'OKTA' (password) or 'SAML2' (SSO). */
  identityProviderType: 'idp_type',
} as const;

/** POST /get-identity (no /api prefix): which identity provider serves an email. */
export const getIdentityRequestSchema = z.object({ userEmail: z.string().trim().toLowerCase().email() });
export type GetIdentityRequest = z.infer<typeof getIdentityRequestSchema>;
export const identityLinkSchema = z.object({ type: z.string(), id: z.string() });
export const getIdentityResponseSchema = z.object({ links: z.array(identityLinkSchema) });
export type IdentityLink = z.infer<typeof identityLinkSchema>;
export type GetIdentityResponse = z.infer<typeof getIdentityResponseSchema>;

/** The Okta-style credential sign-in (`authn`). */
export const authnRequestSchema = z.object({ username: z.string().min(1), password: z.string().min(1) });
export type AuthnRequest = z.infer<typeof authnRequestSchema>;
export const AUTHN_STATUSES = { success: 'SUCCESS', passwordExpired: 'PASSWORD_EXPIRED' } as const;
export const authnResponseSchema = z.object({ status: z.string(), sessionToken: z.string().optional() }).loose();
export type AuthnResponse = z.infer<typeof authnResponseSchema>;
/** The error body of a refused credential sign-in. `E0000004` means wrong email or password. */
export const authnErrorSchema = z.object({ errorCode: z.string(), errorSummary: z.string().optional() }).loose();
export type AuthnError = z.infer<typeof authnErrorSchema>;
export const INVALID_CREDENTIALS_CODE = 'E0000004';

/** GET /api/organization */
export const organizationSchema = z.object({ id: z.number(), name: z.string(), products: z.array(z.string()) });
export const organizationsResponseSchema = z.object({ organizations: z.array(organizationSchema) });
export type OrganizationSummary = z.infer<typeof organizationSchema>;

/**
 * The signed-in user (SPEC §3 User), decoded from the id token. `isZviewAdmin` is the spec's
 * is{product}Admin; `isInternalAdmin` carries the same value under the name the shared
 * permission rules use.
 */
export interface IdentityUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  profile: { firstName: string; lastName: string };
  isGroupAdmin: boolean;
  isZviewAdmin: boolean;
  isInternalAdmin: boolean;
  hasZorroAccess: boolean;
  isUserInTrialOrg: boolean;
  externalGroups: string[];
  groups: string[];
}
