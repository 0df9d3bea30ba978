import { billingAvailable, PORTFOLIO_FEATURE, userManagementAvailable, userManagementReadOnly, zorroAvailable } from '@zview/contracts';
import { forbidden } from '../domain/app-error.js';
import type { Actor, PolicySettings } from './actor.js';

/**
 * The one place that decides who may do what (SPEC §6). Every /api route names one of these
 * actions in `config.policy`; the authentication hook asks `can(actor, policy)` before the
 * handler runs, and handlers ask again with a subject when the answer depends on one.
 * Unknown actions are denied.
 */
export const POLICY_ACTIONS = [
  /** Any signed-in user of the organisation acted for. */
  'authenticated',
  'organization:list',
  'faq:read',
  'user:read-self',
  'user:update-self',
  'user:forget-password',
  'team:read',
  'team:manage',
  /** Use of an enabled product or feature of the organisation (subject: { product }). */
  'product:use',
  /** Property lookups, address search, model specifications (scoped to the organisation). */
  'property:read',
  /** Imagery, map styles and tiles (also reachable through signed URLs). */
  'imagery:read',
  /** Portfolios of the organisation: list and review, and upload/create/process/export. */
  'portfolio:read',
  'portfolio:write',
  /** Export a product's results: read the file, save the column choice, mark it exported. */
  'portfolio:export',
  /** Background jobs of every organisation (internal admins). */
  'jobs:admin',
  'zorro:use',
  'billing:read',
  /** Internal ({product} admin) areas. */
  'customers:manage',
  'mocks:manage',
  /** Act for an organisation the user is not a member of. */
  'organization:act-for-any',
] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];

export type { PolicySettings } from './actor.js';
/** Runtime flags as SPEC defines them when absent: user management on, billing page off. */
export const DEFAULT_POLICY_SETTINGS: PolicySettings = { userManagementEnabled: true, billingPageEnabled: false };

export type PolicySubject = { product?: string } | undefined;

export function isGroupAdmin(actor: Actor): boolean {
  return actor.orgRole === 'admin';
}

/** User management of SPEC §5/§6: the flag, not a trial organisation, no external groups. */
export function hasUserManagement(actor: Actor, settings: PolicySettings = actor.settings ?? DEFAULT_POLICY_SETTINGS): boolean {
  return userManagementAvailable({
    userManagementEnabled: settings.userManagementEnabled,
    isUserInTrialOrg: actor.organization.isTrial,
    externalGroups: actor.externalGroups,
  });
}

/** Any portfolio product enabled (each is its own -portfolio feature key). */
function portfolioAvailable(products: readonly string[]): boolean {
  return Object.values(PORTFOLIO_FEATURE).some((feature) => products.includes(feature));
}

export function can(actor: Actor, action: string, subject?: PolicySubject): boolean {
  const settings = actor.settings ?? DEFAULT_POLICY_SETTINGS;
  const products = actor.organization.products;
  const admin = isGroupAdmin(actor) || actor.isInternalAdmin;
  switch (action as PolicyAction) {
    case 'authenticated':
    case 'property:read':
    case 'imagery:read':
    case 'organization:list':
    case 'faq:read':
    case 'user:read-self':
      return true;
    case 'user:update-self':
    case 'user:forget-password':
      return hasUserManagement(actor, settings) && !userManagementReadOnly(actor);
    case 'team:read':
      return hasUserManagement(actor, settings);
    case 'team:manage':
      return hasUserManagement(actor, settings) && !userManagementReadOnly(actor) && admin;
    case 'product:use':
      // 'zfire|prefill' is fire scored with prefilled attributes: enabled by the zfire key.
      return !subject?.product || products.includes(subject.product === 'zfire|prefill' ? 'zfire' : subject.product);
    case 'zorro:use':
      return zorroAvailable(actor.externalGroups, products);
    case 'billing:read':
      return billingAvailable({
        billingPageEnabled: settings.billingPageEnabled,
        isGroupAdmin: isGroupAdmin(actor),
        isProductAdmin: actor.isInternalAdmin,
        organizationProducts: products,
      });
    case 'portfolio:read':
    case 'portfolio:write':
    case 'portfolio:export':
      return actor.isInternalAdmin || portfolioAvailable(products);
    case 'customers:manage':
    case 'mocks:manage':
    case 'jobs:admin':
    case 'organization:act-for-any':
      return actor.isInternalAdmin;
    default:
      return false;
  }
}

/** Throws 403 unless the actor may do the action. */
export function authorize(actor: Actor, action: PolicyAction, subject?: PolicySubject): void {
  if (!can(actor, action, subject)) throw forbidden();
}
