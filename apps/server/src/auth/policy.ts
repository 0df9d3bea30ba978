import { billingAvailable, PORTFOLIO_FEATURE, STANDARD_PRODUCTS, userManagementAvailable, userManagementReadOnly, zorroAvailable } from '@zview/contracts';
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
  /**
   * What a bearer may see of imagery, as the assessment decides it (issue 12): orthophotos, tiles
   * and map styles need a property or portfolio product; obliques need 'oblique-imagery'.
   */
  'imagery:ortho',
  'imagery:oblique',
  /** Portfolios of the organisation: list and review, and upload/create/process/export. */
  'portfolio:read',
  'portfolio:write',
  /** Background jobs of every organisation (internal admins). */
  'jobs:admin',
  /** Data discovery: the user's zorro group and the organisation's zorro feature (SPEC §6). Refused as 404. */
  'zorro:use',
  'billing:read',
  /** Internal ({product} admin) areas. */
  'customers:manage',
  'mocks:manage',
  /**
   * Appeals (issue 16), only where the organisation has the `appeals` feature: read its appeals
   * and audit trail; draft, recalculate, submit and attach evidence (every user); decide them —
   * take into review, publish a score version, reject, expire, export the audit, set the deadline
   * (group admins and internal admins). Which state each transition needs: domain/appeals/state-machine.ts.
   */
  'appeal:read',
  'appeal:draft',
  'appeal:review',
  /** The usage-analytics dashboard over every organisation's analytics events (internal admins). */
  'analytics:admin',
  /** Act for an organisation the user is not a member of. */
  'organization:act-for-any',
] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];

/** Actions whose refusal answers 404 (the feature does not exist for this caller), not 403. */
export const HIDDEN_WHEN_REFUSED: ReadonlySet<string> = new Set<PolicyAction>(['zorro:use']);

export type { PolicySettings } from './actor.js';
/** Runtime flags as SPEC defines them when absent: user management on, billing page off. */
export const DEFAULT_POLICY_SETTINGS: PolicySettings = { userManagementEnabled: true, billingPageEnabled: false };

const OBLIQUE_IMAGERY_FEATURE = 'oblique-imagery';

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
    case 'imagery:ortho':
      return actor.isInternalAdmin || portfolioAvailable(products) || STANDARD_PRODUCTS.some((p) => products.includes(p));
    case 'imagery:oblique':
      return actor.isInternalAdmin || products.includes(OBLIQUE_IMAGERY_FEATURE);
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
      return actor.isInternalAdmin || portfolioAvailable(products);
    case 'appeal:read':
    case 'appeal:draft':
      return products.includes('appeals');
    case 'appeal:review':
      return products.includes('appeals') && admin;
    case 'customers:manage':
    case 'mocks:manage':
    case 'jobs:admin':
    case 'analytics:admin':
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
