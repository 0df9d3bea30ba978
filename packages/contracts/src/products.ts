/** Product keys (SPEC §3). `zfire|prefill` is fire scored with prefilled attributes. */
export const PRODUCT_KEYS = [
  'zfire',
  'zfire|prefill',
  'zwind',
  'zhail',
  'zstorm',
  'zwater',
  'zproperty',
  'roof_age',
] as const;
export type ProductKey = (typeof PRODUCT_KEYS)[number];

/** The user-selected product is a product key or 'summary' (all enabled products). */
export const SUMMARY = 'summary' as const;
export type SelectedProductValue = ProductKey | typeof SUMMARY;
export interface UserSelectedProduct {
  value: SelectedProductValue;
}

/** Feature keys an organisation's `products` list may hold (SPEC §3). */
export const FEATURE_KEYS = [
  'zfire',
  'zproperty',
  'zhail',
  'zstorm',
  'zwind',
  'zwater',
  'zfire-portfolio',
  'zproperty-portfolio',
  'zhail-portfolio',
  'zstorm-portfolio',
  'zwind-portfolio',
  'appeals',
  'ibhs',
  'self_serve_billing',
  'zproperty-historical_look_back',
  'building_permits',
  'roof_age',
  'oblique-imagery',
  'zorro',
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** Products shown in the property view (standard products). */
export const STANDARD_PRODUCTS = ['zfire', 'zhail', 'zstorm', 'zwind', 'zwater', 'zproperty', 'roof_age'] as const;
export type StandardProduct = (typeof STANDARD_PRODUCTS)[number];

/** Products that have a portfolio version, and the feature key that enables each. */
export const PORTFOLIO_PRODUCTS = ['zfire', 'zhail', 'zstorm', 'zwind', 'zproperty'] as const;
export type PortfolioProduct = (typeof PORTFOLIO_PRODUCTS)[number];
export const PORTFOLIO_FEATURE: Record<PortfolioProduct, FeatureKey> = {
  zfire: 'zfire-portfolio',
  zhail: 'zhail-portfolio',
  zstorm: 'zstorm-portfolio',
  zwind: 'zwind-portfolio',
  zproperty: 'zproperty-portfolio',
};

/** The hail, wind and storm products form a group (SPEC §9). */
export const WEATHER_GROUP = ['zhail', 'zwind', 'zstorm'] as const;

/** Display names (SPEC §3). Z-WATER has none in the spec; it follows the same pattern. */
export const PRODUCT_DISPLAY_NAMES: Record<ProductKey, string> = {
  zfire: 'Z-FIRE',
  'zfire|prefill': 'Z-FIRE',
  zproperty: 'Z-PROPERTY',
  roof_age: 'ROOF AGE',
  zhail: 'Z-HAIL',
  zwind: 'Z-WIND',
  zstorm: 'Z-STORM',
  zwater: 'Z-WATER',
};

/** Fixed product order (SPEC §5). */
export const PRODUCT_ORDER = ['zfire', 'zhail', 'zstorm', 'zwind', 'zwater', 'zproperty', 'roof_age'] as const;

export const UNKNOWN_PRODUCT_IN_PORTFOLIO = 'Unknown product found in portfolio';

function productRank(product: string): number {
  const base = product === 'zfire|prefill' ? 'zfire' : product;
  return (PRODUCT_ORDER as readonly string[]).indexOf(base);
}

/** Sorts products into the fixed order; an unknown product throws 'Unknown product found in portfolio'. */
export function sortProducts<T extends string>(products: readonly T[]): T[] {
  for (const product of products) {
    if (productRank(product) < 0) throw new Error(UNKNOWN_PRODUCT_IN_PORTFOLIO);
  }
  return [...products].sort((a, b) => productRank(a) - productRank(b));
}

export function isProductKey(value: string): value is ProductKey {
  return (PRODUCT_KEYS as readonly string[]).includes(value);
}

export function isFeatureKey(value: string): value is FeatureKey {
  return (FEATURE_KEYS as readonly string[]).includes(value);
}

/** Product pages have their own routes (SPEC §2). */
export const PRODUCT_PAGE_ROUTES = ['zfire', 'zproperty', 'zwind', 'zhail', 'zstorm'] as const;
