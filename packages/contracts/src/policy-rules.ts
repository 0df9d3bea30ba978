/**
 * Permission rules of SPEC §6 that both the server (src/auth/policy.ts) and the web app need.
 * Pure functions of facts the ID token and the organisation carry; the server is the authority.
 */

/** Membership of this external group gives a user zorro access (SPEC §3 hasZorroAccess). */
export const ZORRO_GROUP = 'zorro';
/** The feature key that enables zorro for an organisation. */
export const ZORRO_FEATURE = 'zorro';
export const SELF_SERVE_BILLING_FEATURE = 'self_serve_billing';

/** The ID-token claim carrying is{product}Admin: the provider's internal admin. */
export const PRODUCT_ADMIN_CLAIM = 'isZviewAdmin';

/** Roles a user can hold inside one organisation. */
export const ORGANIZATION_ROLES = ['member', 'admin'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export function isInZorroGroup(externalGroups: readonly string[]): boolean {
  return externalGroups.includes(ZORRO_GROUP);
}

/** Zorro needs both the per-user group and the organisation's enablement. */
export function zorroAvailable(externalGroups: readonly string[], organizationProducts: readonly string[]): boolean {
  return isInZorroGroup(externalGroups) && organizationProducts.includes(ZORRO_FEATURE);
}

/**
 * User management exists only when its feature flag is on, the user is not in a trial
 * organisation and has no external groups (SPEC §5, §6).
 */
export function userManagementAvailable(input: {
  userManagementEnabled: boolean;
  isUserInTrialOrg: boolean;
  externalGroups: readonly string[];
}): boolean {
  return input.userManagementEnabled && !input.isUserInTrialOrg && input.externalGroups.length === 0;
}

/** SSO users can see user management but not change it (SPEC §5). */
export function userManagementReadOnly(input: { isSso: boolean }): boolean {
  return input.isSso;
}

/**
 * Billing is available only when the billing-page flag is on, the user is a group admin or
 * {product} admin, and the organisation has self-serve billing (SPEC §6).
 */
export function billingAvailable(input: {
  billingPageEnabled: boolean;
  isGroupAdmin: boolean;
  isProductAdmin: boolean;
  organizationProducts: readonly string[];
}): boolean {
  return (
    input.billingPageEnabled &&
    (input.isGroupAdmin || input.isProductAdmin) &&
    input.organizationProducts.includes(SELF_SERVE_BILLING_FEATURE)
  );
}

/** Group admins and {product} admins see the organisation switcher (SPEC §2, §6). */
export function canSwitchOrganization(input: { isGroupAdmin: boolean; isProductAdmin: boolean }): boolean {
  return input.isGroupAdmin || input.isProductAdmin;
}
