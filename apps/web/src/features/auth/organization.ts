import { PORTFOLIO_FEATURE, STANDARD_PRODUCTS, STORAGE_KEYS, SUMMARY, type OrganizationSummary } from '@zview/contracts';

/**
 * Organisation rules (SPEC §4) as pure functions, and the storage they read and write.
 */

/** The active organisation: the chosen id if the user has it, else the first in the list. */
export function pickActiveOrganization(organizations: readonly OrganizationSummary[], chosenId?: number): OrganizationSummary | null {
  return organizations.find((org) => org.id === chosenId) ?? organizations[0] ?? null;
}

export function enabledFeaturesOf(organization: OrganizationSummary | null): string[] {
  return organization ? [...organization.products] : [];
}

/** The stored selected product, if it parses as `{ value }`. */
export function parseSelectedProduct(raw: string | null): string | undefined {
  if (raw === null) return undefined;
  try {
    const value = (JSON.parse(raw) as { value?: unknown } | null)?.value;
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

// MERGE NOTE: the shell branch adds the same two rules to contracts/permissions.ts
// (isSelectedProductValid, hasNoEnabledProducts); once merged, use those and delete these.
const PORTFOLIO_KEYS: readonly string[] = Object.values(PORTFOLIO_FEATURE);
const standardProductsOf = (enabled: readonly string[]) => STANDARD_PRODUCTS.filter((product) => enabled.includes(product));

function isSelectedProductValid(value: string, enabledFeatures: readonly string[]): boolean {
  const products: string[] = standardProductsOf(enabledFeatures);
  if (value === SUMMARY) return products.length > 1;
  return products.includes(value === 'zfire|prefill' ? 'zfire' : value);
}

/** No standard, portfolio or zorro product: the error-box screen (SPEC §2, §8). */
export function hasNoEnabledProducts(enabledFeatures: readonly string[]): boolean {
  return !enabledFeatures.some((key) => (STANDARD_PRODUCTS as readonly string[]).includes(key) || PORTFOLIO_KEYS.includes(key) || key === 'zorro');
}

/**
 * Whether the stored selected product must be cleared for these enabled features: it must be
 * one of them, and 'summary' is valid only with more than one product enabled.
 */
export function shouldClearSelectedProduct(raw: string | null, enabledFeatures: readonly string[]): boolean {
  if (raw === null) return false;
  const value = parseSelectedProduct(raw);
  return value === undefined || !isSelectedProductValid(value, enabledFeatures);
}

export function readStoredOrganizationId(storage: Storage = localStorage): number | undefined {
  const raw = storage.getItem(STORAGE_KEYS.selectedOrganizationId);
  const id = raw === null || raw.trim() === '' ? NaN : Number(raw);
  return Number.isInteger(id) ? id : undefined;
}

/** Remembers the choice and drops a selected product the new organisation does not enable. */
export function applyOrganizationChoice(organization: OrganizationSummary, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEYS.selectedOrganizationId, String(organization.id));
  if (shouldClearSelectedProduct(storage.getItem(STORAGE_KEYS.userSelectedProduct), organization.products)) {
    storage.removeItem(STORAGE_KEYS.userSelectedProduct);
  }
}
