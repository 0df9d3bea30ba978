import { formatCount, formatShortDate, PRODUCT_DISPLAY_NAMES, toYYYYMMDD, billingCsvFileName } from '@zview/contracts';

/** Billing cell formatting (SPEC §3, §9): counts grouped en-US with 0 as '-', dates MM/DD/YYYY. */
export const count = (value: number) => formatCount(value);
export const date = (value: string) => formatShortDate(value);
export const productLabel = (product: string) =>
  (PRODUCT_DISPLAY_NAMES as Record<string, string>)[product] ?? product.toUpperCase();
export const contractYearLabel = (start: string, end: string) => `${formatShortDate(start)} – ${formatShortDate(end)}`;
export const quarterLabel = (quarter: number) => `Q${quarter}`;
export const csvFileName = (table: string, organizationName: string, now: Date = new Date()) =>
  billingCsvFileName(table, organizationName, now);
export { toYYYYMMDD };
