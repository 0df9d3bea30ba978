import { z } from 'zod';
import { ORGANIZATION_ROLES } from './policy-rules.js';

/**
 * Request and response bodies of the identity provider's credential sign-in, the SSO lookup,
 * and the organisation and user-management calls (SPEC §7).
 */
const email = z.string().trim().toLowerCase().max(320).pipe(z.email({ message: 'must be an email address' }));
const name = z.string().trim().min(1, 'must not be empty').max(100);

/** POST {issuer}/api/v1/authn (Okta-style credential sign-in). */
export const authnRequestSchema = z.object({
  username: email,
  password: z.string().min(1, 'must not be empty').max(1024),
});
export type AuthnRequest = z.input<typeof authnRequestSchema>;
export type AuthnResponse =
  | { status: 'SUCCESS'; sessionToken: string; expiresAt: string }
  | { status: 'PASSWORD_EXPIRED' }
  | { status: 'LOCKED_OUT' };
export interface AuthnError {
  errorCode: 'E0000004' | 'access_denied' | 'E0000001' | 'E0000047';
  errorSummary: string;
}
export const AUTHN_ERROR_CODES = {
  invalidCredentials: 'E0000004',
  accessDenied: 'access_denied',
  badRequest: 'E0000001',
  rateLimited: 'E0000047',
} as const;

/** POST /get-identity (no /api prefix). */
export const getIdentityRequestSchema = z.object({ userEmail: email });
export const IDENTITY_LINK_TYPES = ['OKTA', 'SAML2'] as const;
export interface IdentityLink {
  type: (typeof IDENTITY_LINK_TYPES)[number];
  id: string;
  name: string;
}
export interface GetIdentityResponse {
  links: IdentityLink[];
}

export interface OrganizationSummary {
  id: number;
  name: string;
  products: string[];
}
export interface OrganizationsResponse {
  organizations: OrganizationSummary[];
}

export const profileSchema = z.object({ firstName: name, lastName: name });
export const updateMeRequestSchema = z.object({ profile: profileSchema });

const userId = z.uuid({ message: 'must be a user id (uuid)' });
export const updateUserRequestSchema = z.object({
  userId,
  profile: profileSchema.optional(),
  role: z.enum(ORGANIZATION_ROLES).optional(),
  /** Makes the user's password expire now: the next sign-in answers PASSWORD_EXPIRED. */
  expirePassword: z.boolean().optional(),
});
export const userIdsRequestSchema = z.object({
  userIds: z.array(userId).min(1, 'must list at least one user').max(500),
});
export const createUserRequestSchema = z.object({
  email,
  profile: profileSchema,
  role: z.enum(ORGANIZATION_ROLES).default('member'),
});

export const USER_STATUSES = ['active', 'deactivated'] as const;
export interface UserProfileResponse {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  profile: { firstName: string; lastName: string };
  role: (typeof ORGANIZATION_ROLES)[number] | null;
  status: (typeof USER_STATUSES)[number];
  isGroupAdmin: boolean;
  isZviewAdmin: boolean;
  hasZorroAccess: boolean;
  isUserInTrialOrg: boolean;
  externalGroups: string[];
  identityProviderType: 'OKTA' | 'SAML2';
}
export interface GroupMembersResponse {
  organization: OrganizationSummary;
  members: UserProfileResponse[];
}
export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
  category: string;
}
export interface FaqResponse {
  faqs: FaqEntry[];
}
