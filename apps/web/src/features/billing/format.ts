import { formatCount, formatShortDate, PRODUCT_DISPLAY_NAMES, toYYYYMMDD, billingCsvFileName } from '@zview/contracts';

/** Billing cell formatting (SPEC §3, §9): counts grouped en-US with 0 as '-', dates MM/DD/YYYY. */
export const count = (value: number) => formatCount(value);
export const date = (value: string) => formatShortDate(value);
export const productLabel = (product: string) =>
  (PRODUCT_DISPLAY_NAMES as Record<string, string>)[product] ?? product.toUpperCase();
export const contractYearLabel = (start: string, end: string) => `${formatShortDate(start)} – ${formatShortDate(end)}`;
export const quarterLabel = (quarter: number) => `Q${quarter}`;

/**
 * The contract year a quarter belongs to, named so it agrees with the quarter's dates: a contract
 * year that starts in December 2025 is '2025–26', so its Q4 (09/01/2026 – 11/30/2026) no longer
 * reads as '2025 Q4' (issue 45). A contract year starting January 1 is just its year.
 */
export function quarterContractYearLabel(row: {
  contract_year: number;
  quarter: number;
  quarter_start: string;
}): string {
  const startMonth = (Number(row.quarter_start.slice(5, 7)) - 1 - 3 * (row.quarter - 1) + 12) % 12;
  const startsInJanuary = startMonth === 0 && row.quarter_start.slice(8, 10) === '01';
  return startsInJanuary
    ? String(row.contract_year)
    : `${row.contract_year}–${String(row.contract_year + 1).slice(-2)}`;
}
export const csvFileName = (table: string, organizationName: string, now: Date = new Date()) =>
  billingCsvFileName(table, organizationName, now);
export { toYYYYMMDD };
