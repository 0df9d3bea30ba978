import { PORTFOLIO_FEATURE, PORTFOLIO_PRODUCTS, type PortfolioProduct } from '@zview/contracts';

export function isPortfolioProduct(value: string): value is PortfolioProduct {
  return (PORTFOLIO_PRODUCTS as readonly string[]).includes(value);
}

/** Portfolio products an organisation may use: those whose portfolio feature key it has enabled. */
export function enabledPortfolioProducts(orgProducts: readonly string[]): PortfolioProduct[] {
  return PORTFOLIO_PRODUCTS.filter((product) => orgProducts.includes(PORTFOLIO_FEATURE[product]));
}

/**
 * Reads the comma-joined products of a create payload ("zfire,zhail"). Returns the list, or the
 * reason it is refused: unknown products, or products the organisation has not enabled.
 */
export function parseProductList(
  raw: string,
  orgProducts: readonly string[],
): { products: PortfolioProduct[] } | { error: string } {
  const items = [
    ...new Set(
      raw
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ];
  if (!items.length) return { error: 'Choose at least one product.' };
  const unknown = items.filter((p) => !isPortfolioProduct(p));
  if (unknown.length) return { error: `These are not portfolio products: ${unknown.join(', ')}.` };
  const enabled = enabledPortfolioProducts(orgProducts);
  const notEnabled = items.filter((p) => !enabled.includes(p as PortfolioProduct));
  if (notEnabled.length)
    return { error: `Your organisation has not enabled the portfolio version of: ${notEnabled.join(', ')}.` };
  return { products: items as PortfolioProduct[] };
}
