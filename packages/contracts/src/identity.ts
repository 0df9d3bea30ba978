import { z } from 'zod';
import { text } from './text.js';
import type { faqResponseSchema } from './property.js';
import { ABILITIES, ORGANIZATION_ROLES, type Ability } from './permissions.js';

/**
 * Request and response bodies of the identity provider's credential sign-in, the SSO lookup,
 * and the organisation and user-management calls (SPEC §7).
 */
const email = text()
  .trim()
  .toLowerCase()
  .max(320)
  .pipe(z.email({ message: 'must be an email address' }));
const name = text().trim().min(1, 'must not be empty').max(100);

/** POST {issuer}/api/v1/authn (Okta-style credential sign-in). */
export const authnRequestSchema = z.object({
  username: email,
  password: text().min(1, 'must not be empty').max(1024),
});
export type AuthnRequest = z.input<typeof authnRequestSchema>;

/**
 * GET {issuer}/api/v1/sessions/me query: `quiet=1` asks for 204 (not Okta's 404) when no session
 * is active, so the app's start-up check logs no failed request in the browser console.
 */
export const sessionProbeQuerySchema = z.object({ quiet: z.enum(['1']).optional() });
export type AuthnResponse =
  | {
      status: 'SUCCESS';
      sessionToken: string;
      expiresAt: string;
      _embedded: { user: { id: string; profile: { login: string; firstName: string; lastName: string } } };
    }
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

export const organizationSchema = z.object({ id: z.number(), name: text(), products: z.array(text()) });
/** What the server's policy lets the user do in one organisation (permissions.ts ABILITY_ACTIONS). */
export const abilitiesSchema = z
  .object(Object.fromEntries(ABILITIES.map((ability) => [ability, z.boolean()])) as Record<Ability, z.ZodBoolean>)
  .describe("The caller's abilities in this organisation, each the server policy's decision for one action.");
/** An organisation of GET /api/organization: the summary and the caller's abilities there. */
export const sessionOrganizationSchema = organizationSchema.extend({
  trial: z
    .boolean()
    .describe('A trial organisation (SPEC §5: no user management there); says why an ability is absent.'),
  abilities: abilitiesSchema,
});
export const organizationsResponseSchema = z.object({ organizations: z.array(sessionOrganizationSchema) });
export type OrganizationSummary = z.infer<typeof organizationSchema>;
export type OrganizationsResponse = z.infer<typeof organizationsResponseSchema>;

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
/** GET/POST /api/user-management/user/me, and each member of GET …/group/members. */
export const userProfileResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profile: z.object({ firstName: z.string(), lastName: z.string() }),
  role: z.enum(ORGANIZATION_ROLES).nullable(),
  status: z.enum(USER_STATUSES),
  isGroupAdmin: z.boolean(),
  isZviewAdmin: z.boolean(),
  hasZorroAccess: z.boolean(),
  isUserInTrialOrg: z.boolean(),
  externalGroups: z.array(z.string()),
  identityProviderType: z.enum(['OKTA', 'SAML2']),
});
export type UserProfileResponse = z.infer<typeof userProfileResponseSchema>;
export const groupMembersResponseSchema = z.object({
  organization: organizationSchema,
  members: z.array(userProfileResponseSchema),
});
export type GroupMembersResponse = z.infer<typeof groupMembersResponseSchema>;
/** The plain acknowledgements of the user-management writes. */
export const passwordResetSentResponseSchema = z.object({ status: z.literal('sent') });
export const userUpdatedResponseSchema = z.object({ status: z.literal('updated') });
export const bulkUsersResponseSchema = z.object({ status: z.literal('ok'), userIds: z.array(z.string()) });
export const userInvitedResponseSchema = z.object({ status: z.literal('invited'), email: z.string() });
/** GET /api/faq: faqResponseSchema (property.ts). */
export type FaqResponse = z.infer<typeof faqResponseSchema>;
export type FaqEntry = FaqResponse['faqs'][number];

/** DELETE /api/identity/saml-idps/:id */
export const samlIdpParamsSchema = z.object({ id: text().min(1).max(100) });

/** Registering an organisation's enterprise SAML 2.0 IdP (internal admins). */
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'must be a domain name like example.com',
  );
/**
 * The one group of the IdP whose members are made internal admins when they sign in through it
 * (issue 12: external groups never grant internal-admin rights unless the IdP is configured so);
 * null: none. Z-VIEW's own role groups cannot be it (an IdP naming them grants nothing).
 */
export const SAML_RESERVED_GROUPS = ['zview-admins', 'zview-group-admins'] as const;
export const internalAdminGroupSchema = text()
  .trim()
  .min(1, 'must not be empty (use null for none)')
  .max(200)
  .refine((group) => !(SAML_RESERVED_GROUPS as readonly string[]).includes(group.toLowerCase()), {
    message: "must be a group of your identity provider, not one of Z-VIEW's own role groups",
  })
  .nullable();
/** Either the IdP's metadata XML, or its entity id, SSO URL and signing certificate. */
export const registerSamlIdpRequestSchema = z
  .object({
    name: text().trim().min(1, 'must not be empty').max(200),
    emailDomains: z.array(domain).min(1, 'must list at least one domain').max(50),
    metadataXml: text().min(1).max(200_000).optional(),
    entityId: text().trim().min(1).max(1000).optional(),
    ssoUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
    certificate: text().min(1).max(20_000).optional(),
    internalAdminGroup: internalAdminGroupSchema.optional(),
  })
  .transform((value, ctx) => {
    const { name, emailDomains, metadataXml, entityId, ssoUrl, certificate } = value;
    const group = value.internalAdminGroup ? { internalAdminGroup: value.internalAdminGroup } : {};
    if (metadataXml !== undefined) return { name, emailDomains, metadataXml, ...group };
    if (entityId !== undefined && ssoUrl !== undefined && certificate !== undefined)
      return { name, emailDomains, entityId, ssoUrl, certificate, ...group };
    ctx.addIssue({ code: 'custom', message: 'give metadataXml, or entityId, ssoUrl and certificate' });
    return z.NEVER;
  });
export type RegisterSamlIdpRequest = z.input<typeof registerSamlIdpRequestSchema>;
/** PATCH /api/identity/saml-idps/:id (internal admins): sets or clears the IdP's internal-admin group. */
export const updateSamlIdpRequestSchema = z.object({ internalAdminGroup: internalAdminGroupSchema }).strict();
export type UpdateSamlIdpRequest = z.input<typeof updateSamlIdpRequestSchema>;
export const samlIdpResponseSchema = z.object({
  id: z.string(),
  organizationId: z.number(),
  name: z.string(),
  entityId: z.string(),
  ssoUrl: z.string(),
  emailDomains: z.array(z.string()),
  /** Members of this IdP group become internal admins when they sign in through it; null: nobody does. */
  internalAdminGroup: z.string().nullable(),
  /** Where the enterprise IdP must send its responses, and the audience it must use. */
  acsUrl: z.string(),
  spEntityId: z.string(),
});
export type SamlIdpResponse = z.infer<typeof samlIdpResponseSchema>;
/** GET /api/identity/saml-idps */
export const samlIdpListResponseSchema = z.object({ identityProviders: z.array(samlIdpResponseSchema) });
export type SamlIdpListResponse = z.infer<typeof samlIdpListResponseSchema>;

/*
 * What the web app parses the answers above with, and the names it reads them by. The claim
 * names are the ones the server's provider publishes (apps/server/src/auth/accounts.ts userClaims).
 */

/* The id token's claims: ID_TOKEN_CLAIMS in identity-claims.ts (zod-free, for the app's start). */

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

/** Tolerant of link types it does not know: the login page names them 'Unsupported identity provider type'. */
export const getIdentityResponseSchema = z.object({
  links: z.array(z.object({ type: text(), id: text(), name: text().optional() })),
});
export type IdentityLinkAnswer = z.infer<typeof getIdentityResponseSchema>['links'][number];
export const authnResponseSchema = z.object({ status: text(), sessionToken: text().optional() }).loose();
/** The credential sign-in answer as the web app reads it (AuthnResponse, tolerant of statuses it does not know). */
export type AuthnAnswer = z.infer<typeof authnResponseSchema>;
/** The error body of a refused credential sign-in (codes in AUTHN_ERROR_CODES). */
export const authnErrorSchema = z.object({ errorCode: text(), errorSummary: text().optional() }).loose();

/** GET /api/user-management/user/me (a UserProfileResponse; the web app reads these fields). */
export const meResponseSchema = z
  .object({ id: text(), email: text(), profile: z.object({ firstName: text(), lastName: text() }) })
  .loose();
export type MeResponse = z.infer<typeof meResponseSchema>;
export type UserProfile = z.infer<typeof profileSchema>;
export type UpdateMeRequest = z.output<typeof updateMeRequestSchema>;
export type CreateUserRequest = z.output<typeof createUserRequestSchema>;
export type UpdateUserRequest = z.output<typeof updateUserRequestSchema>;

/** GET /api/user-management/group/members */
export const teamMemberSchema = z
  .object({
    id: text(),
    email: text(),
    firstName: text(),
    lastName: text(),
    status: z.enum(USER_STATUSES),
    role: z.enum(ORGANIZATION_ROLES).nullable(),
  })
  .loose();
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamMembersResponseSchema = z.object({
  organization: organizationSchema,
  members: z.array(teamMemberSchema),
});

/**
 * POST /api/user-management/group/user/create: 201 with the new member, or 202
 * `{ status: 'invited', email }` when the email already has an account (the person accepts a
 * mailed invitation; nothing about the account is revealed).
 */
export const createUserResponseSchema = z.union([
  teamMemberSchema,
  z.object({ status: z.literal('invited'), email: text() }),
]);
export type CreateUserResponse = z.infer<typeof createUserResponseSchema>;
export const isInvitation = (answer: CreateUserResponse): answer is { status: 'invited'; email: string } =>
  'status' in answer && answer.status === 'invited';

/** POST /api/user-management/group/users/{action} with { userIds }. */
export const TEAM_BULK_ACTIONS = ['assign-to-admin', 'activate', 'deactivate', 'delete'] as const;
export type TeamBulkAction = (typeof TEAM_BULK_ACTIONS)[number];

export const ORGANIZATION_ROLE_LABELS: Record<(typeof ORGANIZATION_ROLES)[number], string> = {
  member: 'Member',
  admin: 'Admin',
};
export const USER_STATUS_LABELS: Record<(typeof USER_STATUSES)[number], string> = {
  active: 'Active',
  deactivated: 'Deactivated',
};

/** Labels of the user fields, so a refusal like 'must not be empty' reads 'First name must not be empty'. */
export const USER_FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  role: 'Role',
  userId: 'User',
};
export function userFieldMessage(issue: { path: readonly PropertyKey[]; message: string }): string {
  const label = USER_FIELD_LABELS[String(issue.path.at(-1))];
  return label ? `${label} ${issue.message}` : issue.message;
}
