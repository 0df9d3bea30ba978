import {
  FILE_STATUS_LABELS,
  PORTFOLIO_FEATURE,
  PORTFOLIO_PRODUCTS,
  PRODUCT_DISPLAY_NAMES,
  sortProducts,
  type FileStatus,
  type PortfolioProduct,
  type ProductKey,
} from '@zview/contracts';

/** Portfolio products the organisation has enabled (their PORTFOLIO_FEATURE key), in the fixed order (SPEC §5). */
export function enabledPortfolioProducts(enabledFeatures: readonly string[]): PortfolioProduct[] {
  return sortProducts(PORTFOLIO_PRODUCTS.filter((product) => enabledFeatures.includes(PORTFOLIO_FEATURE[product])));
}

/** Orders a portfolio's product entries by the fixed product order; unknown products go last rather than breaking the page. */
export function orderByProduct<T extends { product: string }>(items: readonly T[]): T[] {
  const known = items.filter((item) => (PORTFOLIO_PRODUCTS as readonly string[]).includes(item.product));
  const order = sortProducts(known.map((item) => item.product));
  return [
    ...known.sort((a, b) => order.indexOf(a.product) - order.indexOf(b.product)),
    ...items.filter((item) => !known.includes(item)),
  ];
}

export function productName(product: string): string {
  return PRODUCT_DISPLAY_NAMES[product as ProductKey] ?? product.toUpperCase();
}

/** The SPEC §3 label of a file status; ARCHIVED has none (archived files are not shown). */
export function statusLabel(status: FileStatus): string | null {
  return FILE_STATUS_LABELS[status] ?? null;
}

export const STATUS_COLORS: Record<FileStatus, { fg: string; bg: string }> = {
  UPLOADED: { fg: '#3d4a5c', bg: '#edf0f4' },
  IN_PROGRESS: { fg: '#0b5cad', bg: '#e1eefc' },
  READY: { fg: '#8a5a00', bg: '#fff1d6' },
  PROCESSED: { fg: '#1e6b3a', bg: '#e3f4e8' },
  ARCHIVED: { fg: '#5b6777', bg: '#f3f4f6' },
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The property view link of a portfolio row: its address, else its coordinates (as features/scores reads them). */
export function propertyViewHref(row: {
  address: string;
  latitude: number | null;
  longitude: number | null;
}): string | null {
  const params = row.address.trim()
    ? { location: row.address.trim(), location_type: 'address' }
    : row.latitude !== null && row.longitude !== null
      ? { location: `${row.latitude},${row.longitude}`, location_type: 'coordinates' }
      : null;
  return params ? `/scores?${new URLSearchParams(params).toString()}` : null;
}
