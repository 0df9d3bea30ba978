/**
 * Who may see what (SPEC §2, §5, §6), as pure functions shared by the web shell (route guards,
 * top bar, menus) and the server (policies). Nothing here reads storage, the URL or the network:
 * callers pass a `PermissionContext` they build from their own session or actor.
 */
import { OVERRIDE_ENV, OVERRIDE_ORGANIZATION_ID } from './constants.js';
import { PORTFOLIO_FEATURE, STANDARD_PRODUCTS, SUMMARY, type SelectedProductValue } from './products.js';
import { billingAvailable, userManagementAvailable, ZORRO_FEATURE } from './policy-rules.js';

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
  /** Product and feature keys of the active organisation. */
  enabledFeatures: readonly string[];
  /** Organisations the user may switch between. */
  organizationCount: number;
  activeOrganizationId: number | null;
  /** SSO users see user management read-only. */
  identityProvider: IdentityProviderKind;
  flags: PermissionFlags;
  /** The runtime ENV ('local', 'test', 'endo', 'production'…). */
  env: string;
}

const has = (ctx: Pick<PermissionContext, 'enabledFeatures'>, key: string) => ctx.enabledFeatures.includes(key);

export function isAdmin(user: PermissionUser): boolean {
  return user.isGroupAdmin || user.isInternalAdmin;
}

/** User management: feature flag on, not a trial organisation, no external groups (SPEC §5). */
export function canUseUserManagement(ctx: PermissionContext): boolean {
  return userManagementAvailable({
    userManagementEnabled: ctx.flags.userManagement,
    isUserInTrialOrg: ctx.user.isUserInTrialOrg,
    externalGroups: ctx.user.externalGroups,
  });
}

/** For SSO identity providers user management is read-only (SPEC §5). */
export function isUserManagementReadOnly(ctx: PermissionContext): boolean {
  return ctx.identityProvider === 'SSO';
}

/** Adding, editing and bulk-adding team members (SPEC §2 /team/*, §6 group admin). */
export function canManageTeamMembers(ctx: PermissionContext): boolean {
  return ctx.user.isGroupAdmin && canUseUserManagement(ctx) && !isUserManagementReadOnly(ctx);
}

/** Billing: config flag on, group or internal admin, self-serve billing enabled (SPEC §6). */
export function isBillingAvailable(ctx: PermissionContext): boolean {
  return billingAvailable({
    billingPageEnabled: ctx.flags.billingPage,
    isGroupAdmin: ctx.user.isGroupAdmin,
    isProductAdmin: ctx.user.isInternalAdmin,
    organizationProducts: ctx.enabledFeatures,
  });
}

/** Zorro: the per-user group membership combined with organisation enablement (SPEC §6). */
export function hasZorroAccess(ctx: PermissionContext): boolean {
  // The token's hasZorroAccess already says the user is in the zorro group.
  return ctx.user.hasZorroAccess && has(ctx, ZORRO_FEATURE);
}

/** Portfolio: config flag on and the fire- or property-portfolio feature enabled (SPEC §2). */
export function canSeePortfolio(ctx: PermissionContext): boolean {
  return ctx.flags.portfolio && (has(ctx, PORTFOLIO_FEATURE.zfire) || has(ctx, PORTFOLIO_FEATURE.zproperty));
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
    (key) => (STANDARD_PRODUCTS as readonly string[]).includes(key) || PORTFOLIO_FEATURE_KEYS.includes(key) || key === 'zorro',
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

/** The organisation switcher: group or internal admins who have organisations (SPEC §2). */
export function showOrganizationSwitcher(ctx: PermissionContext): boolean {
  return isAdmin(ctx.user) && ctx.organizationCount > 0;
}

/** A dropdown only with more than one organisation; otherwise the name is plain text. */
export function organizationSwitcherIsDropdown(ctx: PermissionContext): boolean {
  return showOrganizationSwitcher(ctx) && ctx.organizationCount > 1;
}

/** The ADMIN badge beside the user's name. */
export function showAdminBadge(user: PermissionUser): boolean {
  return isAdmin(user);
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
  if (ctx.user.isInternalAdmin) {
    links.push({ key: 'customers', label: 'Customer Management', path: '/admin/customer-management' });
    links.push({ key: 'mocks', label: 'Mocks Management', path: '/admin/mocks-management' });
    links.push({ key: 'usage-analytics', label: 'Usage Analytics', path: USAGE_ANALYTICS_ROUTE });
  }
  return links;
}

/** Override mode exists only in the 'endo' environment acting for organisation 1 (SPEC §9). */
export function isOverrideMode(env: string, activeOrganizationId: number | null): boolean {
  return env === OVERRIDE_ENV && activeOrganizationId === OVERRIDE_ORGANIZATION_ID;
}

/**
 * Override access (the rule is not shown in SPEC §6): internal admins in override mode. They are
 * the provider's staff testing pull-request builds of the backends.
 */
export function hasOverrideAccess(ctx: PermissionContext): boolean {
  return isOverrideMode(ctx.env, ctx.activeOrganizationId) && ctx.user.isInternalAdmin;
}

/**
 * Whether a stored user-selected product stays valid after an organisation change (SPEC §4):
 * it must be enabled, and 'summary' is valid only with more than one product enabled.
 */
export function isSelectedProductValid(value: SelectedProductValue | string, enabledFeatures: readonly string[]): boolean {
  const products = availableStandardProducts(enabledFeatures);
  if (value === SUMMARY) return products.length > 1;
  const base = value === 'zfire|prefill' ? 'zfire' : value;
  return products.includes(base);
}

/** Route guards, declared as data beside each route and evaluated by `passesGuards`. */
export const ROUTE_GUARDS = ['userManagement', 'groupAdmin', 'notReadOnly', 'billing', 'portfolio', 'zorro', 'internalAdmin', 'appeals'] as const;
export type RouteGuard = (typeof ROUTE_GUARDS)[number];

const GUARD_RULES: Record<RouteGuard, (ctx: PermissionContext) => boolean> = {
  userManagement: canUseUserManagement,
  groupAdmin: (ctx) => ctx.user.isGroupAdmin,
  notReadOnly: (ctx) => !isUserManagementReadOnly(ctx),
  billing: isBillingAvailable,
  portfolio: canSeePortfolio,
  zorro: hasZorroAccess,
  internalAdmin: (ctx) => ctx.user.isInternalAdmin,
  /** The organisation has the `appeals` feature (issue 16). */
  appeals: (ctx) => has(ctx, 'appeals'),
};

/** True when every guard passes (no guards: open to every signed-in user). */
export function passesGuards(guards: readonly RouteGuard[] | undefined, ctx: PermissionContext): boolean {
  return (guards ?? []).every((guard) => GUARD_RULES[guard](ctx));
}
