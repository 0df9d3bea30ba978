import {
  allows,
  presentAbilities,
  POLICY_ACTIONS,
  POLICY_RULES,
  userManagementAvailable,
  userManagementReadOnly,
  type Abilities,
  type PolicyAction,
  type PolicyFacts,
} from '@zview/contracts';
import { forbidden } from '../domain/app-error.js';
import type { Actor, PolicySettings } from './actor.js';

/**
 * The one place that decides who may do what (SPEC §6). Every /api route names one of the
 * actions in `config.policy`; the authentication hook asks `authorize(actor, policy)` before the
 * handler runs, and the domain asks again with the object when the answer depends on it
 * (outline's `allow(User, 'update', Share, fn)`). The rules without a subject are the shared
 * rule set of packages/contracts (POLICY_RULES), which the web's route guards use too; the
 * subject rules below see the object. Unknown actions are denied.
 */
export { POLICY_ACTIONS, type PolicyAction };

export type { PolicySettings } from './actor.js';
/** Runtime flags as SPEC defines them when absent: user management on, billing page off, portfolio on. */
export const DEFAULT_POLICY_SETTINGS: PolicySettings = {
  userManagementEnabled: true,
  billingPageEnabled: false,
  portfolioEnabled: true,
};

/** What a policy may be asked about: a product key, or any object owned by an organisation (a portfolio, a job). */
export interface ProductSubject {
  product: string;
}
export interface OrganizationObject {
  organizationId: number;
}
export type PolicySubject = ProductSubject | OrganizationObject | undefined;

type SubjectRule<S> = (actor: Actor, subject: S) => boolean;
const subjectRules: Partial<Record<PolicyAction, SubjectRule<never>>> = {};

/** Declares the rule of an action about one kind of object (outline's `allow(User, action, Model, fn)`). */
function allow<S extends PolicySubject & object>(actions: PolicyAction[], rule: SubjectRule<S>) {
  for (const action of actions) subjectRules[action] = rule as SubjectRule<never>;
}

// 'zfire|prefill' is fire scored with prefilled attributes: enabled by the zfire key.
allow<ProductSubject>(['product:use'], (actor, { product }) =>
  actor.organization.products.includes(product === 'zfire|prefill' ? 'zfire' : product),
);
// A portfolio (or anything of an organisation) is reachable only through the organisation acted for.
allow<OrganizationObject>(
  ['portfolio:read', 'portfolio:write', 'portfolio:export'],
  (actor, object) => object.organizationId === actor.organization.id,
);

/** Why an action is refused, where a plainer message than the default helps. */
const REFUSALS: Partial<Record<PolicyAction, string>> = {
  'portfolio:read': 'Portfolios are not enabled for your organisation.',
  'portfolio:write': 'Portfolios are not enabled for your organisation.',
  'portfolio:export': 'Portfolios are not enabled for your organisation.',
  'jobs:admin': 'Only internal administrators can manage jobs.',
};

export function isGroupAdmin(actor: Actor): boolean {
  return actor.orgRole === 'admin';
}

/** The facts the shared rule set looks at, from the actor. */
export function policyFacts(
  actor: Actor,
  settings: PolicySettings = actor.settings ?? DEFAULT_POLICY_SETTINGS,
): PolicyFacts {
  return {
    isGroupAdmin: isGroupAdmin(actor),
    isInternalAdmin: actor.isInternalAdmin,
    isSso: userManagementReadOnly(actor),
    isUserInTrialOrg: actor.organization.isTrial,
    externalGroups: actor.externalGroups,
    inZorroGroup: actor.externalGroups.includes('zorro'),
    organizationProducts: actor.organization.products,
    flags: {
      userManagement: settings.userManagementEnabled,
      billingPage: settings.billingPageEnabled,
      portfolio: settings.portfolioEnabled ?? true,
    },
  };
}

/** User management of SPEC §5/§6: the flag, not a trial organisation, no external groups. */
export function hasUserManagement(
  actor: Actor,
  settings: PolicySettings = actor.settings ?? DEFAULT_POLICY_SETTINGS,
): boolean {
  return userManagementAvailable({
    userManagementEnabled: settings.userManagementEnabled,
    isUserInTrialOrg: actor.organization.isTrial,
    externalGroups: actor.externalGroups,
  });
}

export function can(actor: Actor, action: PolicyAction, subject?: PolicySubject): boolean {
  if (!allows(policyFacts(actor), action)) return false;
  const rule = subjectRules[action] as SubjectRule<PolicySubject> | undefined;
  return !subject || !rule || rule(actor, subject);
}

/**
 * What the actor may do in the organisation it acts for, as the web is told (outline's policy
 * presenter): `can()` of each ability's action, so the web's guards never decide on their own.
 */
export function abilitiesOf(actor: Actor): Abilities {
  return presentAbilities((action) => can(actor, action));
}

/** Throws 403 unless the actor may do the action. */
export function authorize(actor: Actor, action: PolicyAction, subject?: PolicySubject): void {
  if (!can(actor, action, subject)) throw forbidden(REFUSALS[action]);
}

/** Every action has a rule (a compile-time check that POLICY_RULES covers POLICY_ACTIONS). */
export const RULE_COUNT: number = Object.keys(POLICY_RULES satisfies Record<PolicyAction, unknown>).length;

/** Actions whose refusal answers 404 (the feature does not exist for this caller), not 403. */
export const HIDDEN_WHEN_REFUSED: ReadonlySet<string> = new Set<PolicyAction>(['zorro:use']);
