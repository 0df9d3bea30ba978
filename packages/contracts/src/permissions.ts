/**
 * The one rule set of who may do what (SPEC §2, §5, §6). The server's policy derives `can()` from
 * POLICY_RULES (apps/server/src/auth/policy.ts) and presents its decisions per organisation as
 * abilities (ABILITY_ACTIONS, on GET /api/organization); the web shell's route guards, top bar and
 * menus read those abilities (PermissionContext.abilities) and never decide from token claims.
 * Pure functions; nothing here reads storage, the URL or the network. The server is the authority;
 * the web only hides what the server would refuse.
 */
import { isOverrideMode } from './constants.js';
import { PORTFOLIO_FEATURE, STANDARD_PRODUCTS, SUMMARY, type SelectedProductValue } from './products.js';

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

/** The user fields the rules depend on (a subset of the SPEC §3 User). */
export interface PermissionUser {
  isGroupAdmin: boolean;
  /** The provider's internal admin (SPEC: is{product}Admin). */
  isInternalAdmin: boolean;
  /** Member of the zorro group. */
  hasZorroAccess: boolean;
  /** Defaults to true when the token does not say otherwise (SPEC §3). */
  isUserInTrialOrg: boolean;
  externalGroups: readonly string[];
}

/** The deployment flags of the runtime configuration that gate screens. */
export interface PermissionFlags {
  /** USER_MANAGEMENT_ENABLED */
  userManagement: boolean;
  /** BILLING_PAGE_ENABLED (false when absent) */
  billingPage: boolean;
  /** PORTFOLIO_ENABLED */
  portfolio: boolean;
}

export type IdentityProviderKind = 'Password' | 'SSO';

export interface PermissionContext {
  user: PermissionUser;
  /** What the server decided this user may do in the active organisation (GET /api/organization). */
  abilities: Abilities;
  /** Product and feature keys of the active organisation. */
  enabledFeatures: readonly string[];
  /** Organisations the user may switch between. */
  organizationCount: number;
  /**
   * Some organisation of the user presents `switchOrganization` (the server's `organization:switch`
   * there). The switcher follows the user, not the organisation acted for: an admin of A acting for
   * B, where they are a plain member, keeps the switcher to go back to A.
   */
  switchOrganizationAnywhere: boolean;
  activeOrganizationId: number | null;
  /** SSO users see user management read-only. */
  identityProvider: IdentityProviderKind;
  flags: PermissionFlags;
  /** The runtime ENV ('local', 'test', 'endo', 'production'…). */
  env: string;
}

/**
 * Every action a route can ask the policy for (`config: { policy: '<action>' }` on the server).
 * Add an action here with a comment and its rule in POLICY_RULES; a test enumerates the routes.
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
  /** Portfolios of the organisation: list and review, and upload/create/process. */
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
  /**
   * What a bearer may see of imagery, as the assessment decides it (issue 12): orthophotos, tiles
   * and map styles need a property or portfolio product; obliques need 'oblique-imagery'.
   */
  'imagery:ortho',
  'imagery:oblique',
  /**
   * Appeals (issue 16), only where the organisation has the `appeals` feature: read its appeals
   * and audit trail; draft, recalculate, submit and attach evidence (every user); decide them
   * (group admins and internal admins). Which state each transition needs: domain/appeals/state-machine.ts.
   */
  'appeal:read',
  'appeal:draft',
  'appeal:review',
  /** The usage-analytics dashboard over every organisation's analytics events (internal admins). */
  'analytics:admin',
  'organization:act-for-any',
  /**
   * Group admins of the organisation acted for and internal admins (SPEC §2): the organisation
   * switcher and the ADMIN badge beside the user's name, which SPEC gives to the same people.
   */
  'organization:switch',
  /**
   * The public API (issue 19): create, list and revoke the organisation's API keys (group admins
   * with user management, and internal admins, who may revoke any key); and the /v1 calls a key
   * makes (the key's organisation, limited to the products the key allows).
   */
  'api-keys:manage',
  'api:use',
  /**
   * Monitored portfolios (issue 41): the organisation's webhook endpoints and alert rules (group
   * admins and internal admins, where portfolios are enabled).
   */
  'monitoring:manage',
  /** The organisation's wording of its score notices (issue 42): group admins and internal admins. */
  'notices:manage',
] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];

/** What every rule may look at: the user, the organisation acted for, the deployment flags. */
export interface PolicyFacts {
  isGroupAdmin: boolean;
  isInternalAdmin: boolean;
  isSso: boolean;
  isUserInTrialOrg: boolean;
  externalGroups: readonly string[];
  /** Member of the zorro group (the token's hasZorroAccess). */
  inZorroGroup: boolean;
  organizationProducts: readonly string[];
  flags: PermissionFlags;
}

/** Portfolio: config flag on and the fire- or property-portfolio feature enabled (SPEC §2); internal admins always. */
function portfolioAllowed(f: PolicyFacts): boolean {
  const enabled =
    f.organizationProducts.includes(PORTFOLIO_FEATURE.zfire) ||
    f.organizationProducts.includes(PORTFOLIO_FEATURE.zproperty);
  return f.flags.portfolio && (f.isInternalAdmin || enabled);
}

const userManagement = (f: PolicyFacts) =>
  userManagementAvailable({
    userManagementEnabled: f.flags.userManagement,
    isUserInTrialOrg: f.isUserInTrialOrg,
    externalGroups: f.externalGroups,
  });
const everyone = () => true;
const internalAdmin = (f: PolicyFacts) => f.isInternalAdmin;

/** The rule of each action, before any subject (the server adds subject rules, e.g. the portfolio's organisation). */
export const POLICY_RULES: Record<PolicyAction, (facts: PolicyFacts) => boolean> = {
  authenticated: everyone,
  'property:read': everyone,
  'imagery:read': everyone,
  'organization:list': everyone,
  'faq:read': everyone,
  'user:read-self': everyone,
  'user:update-self': (f) => userManagement(f) && !f.isSso,
  'user:forget-password': (f) => userManagement(f) && !f.isSso,
  'team:read': userManagement,
  'team:manage': (f) => userManagement(f) && !f.isSso && (f.isGroupAdmin || f.isInternalAdmin),
  'product:use': everyone,
  'zorro:use': (f) => f.inZorroGroup && f.organizationProducts.includes(ZORRO_FEATURE),
  'billing:read': (f) =>
    billingAvailable({
      billingPageEnabled: f.flags.billingPage,
      isGroupAdmin: f.isGroupAdmin,
      isProductAdmin: f.isInternalAdmin,
      organizationProducts: f.organizationProducts,
    }),
  'portfolio:read': portfolioAllowed,
  'portfolio:write': portfolioAllowed,
  'portfolio:export': portfolioAllowed,
  'jobs:admin': internalAdmin,
  'customers:manage': internalAdmin,
  'mocks:manage': internalAdmin,
  'imagery:ortho': (f) =>
    f.isInternalAdmin ||
    f.organizationProducts.some(
      (p) => p.endsWith('-portfolio') || (STANDARD_PRODUCTS as readonly string[]).includes(p),
    ),
  'imagery:oblique': (f) => f.isInternalAdmin || f.organizationProducts.includes('oblique-imagery'),
  'appeal:read': (f) => f.organizationProducts.includes('appeals'),
  'appeal:draft': (f) => f.organizationProducts.includes('appeals'),
  'appeal:review': (f) => f.organizationProducts.includes('appeals') && (f.isGroupAdmin || f.isInternalAdmin),
  'analytics:admin': internalAdmin,
  'organization:act-for-any': internalAdmin,
  'organization:switch': (f) =>
    canSwitchOrganization({ isGroupAdmin: f.isGroupAdmin, isProductAdmin: f.isInternalAdmin }),
  'api-keys:manage': (f) => userManagement(f) && (f.isGroupAdmin || f.isInternalAdmin),
  'api:use': everyone,
  'monitoring:manage': (f) => portfolioAllowed(f) && (f.isGroupAdmin || f.isInternalAdmin),
  'notices:manage': (f) => f.isGroupAdmin || f.isInternalAdmin,
};

/**
 * The abilities the server presents for each organisation a user may act for (outline's policy
 * presenter): each is the server's `can(actor, action)` for that organisation, the user's role there
 * included. The web's guards, menus and tabs read these and never decide from token claims (issue 44).
 */
export const ABILITY_ACTIONS = {
  teamRead: 'team:read',
  teamManage: 'team:manage',
  userUpdateSelf: 'user:update-self',
  apiKeysManage: 'api-keys:manage',
  billingRead: 'billing:read',
  portfolioRead: 'portfolio:read',
  portfolioWrite: 'portfolio:write',
  monitoringManage: 'monitoring:manage',
  noticesManage: 'notices:manage',
  zorroUse: 'zorro:use',
  appealRead: 'appeal:read',
  appealDraft: 'appeal:draft',
  appealReview: 'appeal:review',
  customersManage: 'customers:manage',
  mocksManage: 'mocks:manage',
  analyticsAdmin: 'analytics:admin',
  jobsAdmin: 'jobs:admin',
  actForAnyOrganization: 'organization:act-for-any',
  switchOrganization: 'organization:switch',
} as const satisfies Record<string, PolicyAction>;
export type Ability = keyof typeof ABILITY_ACTIONS;
export type Abilities = Record<Ability, boolean>;
export const ABILITIES = Object.keys(ABILITY_ACTIONS) as Ability[];

/** Abilities from a decision per action (the server passes its `can()` for the organisation). */
export function presentAbilities(decide: (action: PolicyAction) => boolean): Abilities {
  return Object.fromEntries(ABILITIES.map((ability) => [ability, decide(ABILITY_ACTIONS[ability])])) as Abilities;
}

/** No ability at all: what a web session has before the server has said anything. */
export const NO_ABILITIES: Abilities = presentAbilities(() => false);

/** Whether the facts allow the action (unknown actions are denied). */
export function allows(facts: PolicyFacts, action: string): boolean {
  return Object.hasOwn(POLICY_RULES, action) ? POLICY_RULES[action as PolicyAction](facts) : false;
}

/** A web session's context before the server has presented anything. */
export type FixtureContext = Omit<PermissionContext, 'abilities' | 'switchOrganizationAnywhere'>;

/** The facts of a web session (PermissionContext), as the server would see them in its organisation. */
export function factsOf(ctx: FixtureContext): PolicyFacts {
  return {
    isGroupAdmin: ctx.user.isGroupAdmin,
    isInternalAdmin: ctx.user.isInternalAdmin,
    isSso: ctx.identityProvider === 'SSO',
    isUserInTrialOrg: ctx.user.isUserInTrialOrg,
    externalGroups: ctx.user.externalGroups,
    inZorroGroup: ctx.user.hasZorroAccess,
    organizationProducts: ctx.enabledFeatures,
    flags: ctx.flags,
  };
}

/**
 * The abilities the server's rules give a session's user in its organisation, for fixtures that stand
 * in for the server (dev sessions, test harnesses). The app itself reads what GET /api/organization
 * presents; it never calls this.
 */
export function abilitiesForFixture(ctx: FixtureContext): Abilities {
  const facts = factsOf(ctx);
  return presentAbilities((action) => allows(facts, action));
}

/** User management: feature flag on, not a trial organisation, no external groups (SPEC §5). */
export function canUseUserManagement(ctx: PermissionContext): boolean {
  return ctx.abilities.teamRead;
}

/** For SSO identity providers user management is read-only (SPEC §5). */
export function isUserManagementReadOnly(ctx: PermissionContext): boolean {
  return ctx.identityProvider === 'SSO';
}

/**
 * Adding, editing and bulk-adding team members (SPEC §2 /team/*, §6): the server's `team:manage` for
 * the active organisation (its group admins, and internal admins; not SSO users, not trial organisations).
 */
export function canManageTeamMembers(ctx: PermissionContext): boolean {
  return ctx.abilities.teamManage;
}

/** Billing: config flag on, group or internal admin, self-serve billing enabled (SPEC §6). */
export function isBillingAvailable(ctx: PermissionContext): boolean {
  return ctx.abilities.billingRead;
}

/** Zorro: the per-user group membership combined with organisation enablement (SPEC §6). */
export function hasZorroAccess(ctx: PermissionContext): boolean {
  return ctx.abilities.zorroUse;
}

/** Portfolio: config flag on and the fire- or property-portfolio feature enabled (SPEC §2), or an internal admin (as the server allows). */
export function canSeePortfolio(ctx: PermissionContext): boolean {
  return ctx.abilities.portfolioRead;
}

/** Standard (property-view) products enabled for the organisation, in the fixed order. */
export function availableStandardProducts(enabledFeatures: readonly string[]): string[] {
  return STANDARD_PRODUCTS.filter((product) => enabledFeatures.includes(product));
}

/** The property view is shown when the user has any available product (SPEC §2 top bar). */
export function canSeePropertyView(ctx: PermissionContext): boolean {
  return availableStandardProducts(ctx.enabledFeatures).length > 0;
}

const PORTFOLIO_FEATURE_KEYS: readonly string[] = Object.values(PORTFOLIO_FEATURE);

/** Enabled keys that are products (standard, portfolio or zorro), as opposed to add-on features. */
export function enabledProductKeys(enabledFeatures: readonly string[]): string[] {
  return enabledFeatures.filter(
    (key) =>
      (STANDARD_PRODUCTS as readonly string[]).includes(key) || PORTFOLIO_FEATURE_KEYS.includes(key) || key === 'zorro',
  );
}

/** No product at all: the error-box screen 'There are no enabled applications…' (SPEC §2, §8). */
export function hasNoEnabledProducts(enabledFeatures: readonly string[]): boolean {
  return enabledProductKeys(enabledFeatures).length === 0;
}

/**
 * Where '/' sends the user (SPEC §2): the zorro route when zorro is the only enabled product,
 * the portfolio route when every enabled product is a portfolio product, otherwise nowhere
 * (home for the selected organisation).
 */
export function homeRedirect(enabledFeatures: readonly string[]): '/zorro' | '/zportfolio' | null {
  const products = enabledProductKeys(enabledFeatures);
  if (products.length === 0) return null;
  if (products.length === 1 && products[0] === 'zorro') return '/zorro';
  if (products.every((key) => PORTFOLIO_FEATURE_KEYS.includes(key))) return '/zportfolio';
  return null;
}

/** The three top-bar tabs (SPEC §2). */
export const TOP_BAR_TABS = [
  { value: 'property', label: 'Property View', path: '/' },
  { value: 'portfolio', label: 'Portfolio', path: '/zportfolio' },
  { value: 'discovery', label: 'Discovery', path: '/zorro' },
] as const;
export type TopBarTab = (typeof TOP_BAR_TABS)[number]['value'];

export function visibleTabs(ctx: PermissionContext): TopBarTab[] {
  const visible: TopBarTab[] = [];
  if (canSeePropertyView(ctx)) visible.push('property');
  if (canSeePortfolio(ctx)) visible.push('portfolio');
  if (hasZorroAccess(ctx)) visible.push('discovery');
  return visible;
}

const PROPERTY_VIEW_PATHS = ['/scores', '/dashboard', '/zfire', '/zproperty', '/zwind', '/zhail', '/zstorm'];

function startsWithSegment(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * The tab the path selects (SPEC §2): the portfolio path or a property id query parameter
 * selects portfolio; root, scores, dashboard (and the product pages) the property view; the
 * zorro path discovery. Other paths (faq, team, billing…) select none.
 */
export function activeTabForLocation(pathname: string, search = ''): TopBarTab | null {
  if (startsWithSegment(pathname, '/zportfolio') || new URLSearchParams(search).has('property_id')) return 'portfolio';
  if (startsWithSegment(pathname, '/zorro')) return 'discovery';
  if (pathname === '/' || PROPERTY_VIEW_PATHS.some((prefix) => startsWithSegment(pathname, prefix))) return 'property';
  return null;
}

/**
 * The organisation switcher: group or internal admins who have organisations (SPEC §2), as the
 * server presents it (`switchOrganization` in some organisation of the user).
 */
export function showOrganizationSwitcher(ctx: PermissionContext): boolean {
  return ctx.switchOrganizationAnywhere && ctx.organizationCount > 0;
}

/** A dropdown only with more than one organisation; otherwise the name is plain text. */
export function organizationSwitcherIsDropdown(ctx: PermissionContext): boolean {
  return showOrganizationSwitcher(ctx) && ctx.organizationCount > 1;
}

/**
 * The ADMIN badge beside the user's name (SPEC §2: group admins and {product} admins): the server's
 * `organization:switch` for the organisation acted for, so an admin of A acting for B, where they
 * are a plain member, shows no badge there.
 */
export function showAdminBadge(ctx: PermissionContext): boolean {
  return ctx.abilities.switchOrganization;
}

export interface AccountMenuLink {
  key: 'profile' | 'team' | 'billing' | 'customers' | 'mocks' | 'usage-analytics';
  label: string;
  path: string;
}

/** The account menu's links, in order (SPEC §2 top bar). */
/** The internal admins' usage-analytics dashboard (issue 17; not a SPEC route). */
export const USAGE_ANALYTICS_ROUTE = '/admin/usage-analytics';

export function accountMenuLinks(ctx: PermissionContext): AccountMenuLink[] {
  const links: AccountMenuLink[] = [];
  if (canUseUserManagement(ctx)) {
    links.push({ key: 'profile', label: 'Account Settings', path: '/profile' });
    links.push({ key: 'team', label: 'Team Management', path: '/team' });
  }
  if (isBillingAvailable(ctx)) links.push({ key: 'billing', label: 'Billing', path: '/billing' });
  if (ctx.abilities.customersManage)
    links.push({ key: 'customers', label: 'Customer Management', path: '/admin/customer-management' });
  if (ctx.abilities.mocksManage)
    links.push({ key: 'mocks', label: 'Mocks Management', path: '/admin/mocks-management' });
  if (ctx.abilities.analyticsAdmin)
    links.push({ key: 'usage-analytics', label: 'Usage Analytics', path: USAGE_ANALYTICS_ROUTE });
  return links;
}

/**
 * Override access (the rule is not shown in SPEC §6): internal admins in override mode. They are
 * the provider's staff testing pull-request builds of the backends.
 */
export function hasOverrideAccess(ctx: PermissionContext): boolean {
  return isOverrideMode(ctx.env, ctx.activeOrganizationId) && ctx.abilities.actForAnyOrganization;
}

/**
 * Whether a stored user-selected product stays valid after an organisation change (SPEC §4):
 * it must be enabled, and 'summary' is valid only with more than one product enabled.
 */
export function isSelectedProductValid(
  value: SelectedProductValue | string,
  enabledFeatures: readonly string[],
): boolean {
  const products = availableStandardProducts(enabledFeatures);
  if (value === SUMMARY) return products.length > 1;
  const base = value === 'zfire|prefill' ? 'zfire' : value;
  return products.includes(base);
}

/** Route guards, declared as data beside each route and evaluated by `passesGuards`. */
export const ROUTE_GUARDS = [
  'userManagement',
  'teamManage',
  'billing',
  'portfolio',
  'zorro',
  'internalAdmin',
  'appeals',
  'apiKeys',
  'notices',
] as const;
export type RouteGuard = (typeof ROUTE_GUARDS)[number];

/** Each guard is one of the abilities the server presents (the server's policy for the organisation). */
const GUARD_ABILITIES: Record<RouteGuard, Ability> = {
  userManagement: 'teamRead',
  /** Adding and editing members: the server's `team:manage`, not the token's group-admin claim (issue 44). */
  teamManage: 'teamManage',
  billing: 'billingRead',
  portfolio: 'portfolioRead',
  zorro: 'zorroUse',
  internalAdmin: 'customersManage',
  /** The organisation has the `appeals` feature (issue 16). */
  appeals: 'appealRead',
  /** Group or internal admins with user management: the public API's keys (issue 19). */
  apiKeys: 'apiKeysManage',
  /** The organisation's wording of score notices (issue 42): group or internal admins. */
  notices: 'noticesManage',
};

/** True when every guard passes (no guards: open to every signed-in user). */
export function passesGuards(guards: readonly RouteGuard[] | undefined, ctx: PermissionContext): boolean {
  return (guards ?? []).every((guard) => ctx.abilities[GUARD_ABILITIES[guard]]);
}
