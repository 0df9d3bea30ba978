import { z } from 'zod';
import { toSafeFileName, toYYYYMMDD } from './format.js';

/**
 * Billing and usage (SPEC §2 Billing page, §3 Billing response, §6, §7 GET /caribou/billing).
 * Every figure is computed on the server from the usage ledger and the organisation's agreements.
 */

/** The product name in '{product} Admin Only' (the provider behind is{product}Admin). */
export const PRODUCT_BRAND = 'Z-VIEW';

export const BILLING_TEXT = {
  title: 'BILLING',
  reportGenerated: 'Report Generated',
  annualTitle: 'ANNUAL USAGE BY AGREEMENT',
  quarterlyTitle: 'QUARTERLY TRANSACTION BREAKDOWN',
  submissionsTitle: 'Z-PORTFOLIO SUBMISSIONS',
  print: 'Print',
  adminOnly: `${PRODUCT_BRAND} Admin Only`,
  showingDataFor: 'Showing data for organization',
  change: 'change',
  submit: 'Submit',
  organizationInputLabel: 'Organization ID',
  chartTitle: 'USAGE VS AGREEMENT (CURRENT CONTRACT YEAR)',
  downloadCsv: 'Download CSV',
} as const;

/** Column labels of SPEC §3 (overage is Non-Committed Usage, api_total is API, total_pings is Total Transactions). */
export const BILLING_COLUMNS = {
  annual: [
    ['contract_year', 'Contract Year'],
    ['product', 'Product'],
    ['agreement', 'Agreement'],
    ['usage', 'Usage'],
    ['remaining', 'Remaining'],
    ['overage', 'Non-Committed Usage'],
  ],
  quarterly: [
    ['contract_year', 'Contract Year'],
    ['quarter', 'Quarter'],
    ['product', 'Product'],
    ['api_total', 'API'],
    ['zview', 'Z-VIEW'],
    ['portfolio', 'Portfolio'],
    ['total_pings', 'Total Transactions'],
  ],
  batchWork: [
    ['date_delivered', 'Date Delivered'],
    ['batch_name', 'Batch Name'],
    ['no_of_addresses', 'No. of Addresses'],
    ['product', 'Product'],
  ],
} as const;

const MAX_ORGANIZATION_ID = 2_147_483_647;

/** GET /caribou/billing query: `organization` (digits only), honoured for internal admins only. */
export const billingQuerySchema = z.object({
  organization: z
    .string()
    .regex(/^[0-9]{1,10}$/, 'organization must be a positive integer.')
    .transform(Number)
    .refine((id) => id >= 1 && id <= MAX_ORGANIZATION_ID, 'organization must be a positive integer.')
    .optional(),
});
export type BillingQuery = z.output<typeof billingQuerySchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const count = z.number().int().nonnegative();

export const annualUsageRowSchema = z.object({
  /** The calendar year the contract year starts in. */
  contract_year: z.number().int(),
  /** First and last day (inclusive) of the contract year. */
  contract_year_start: isoDate,
  contract_year_end: isoDate,
  usage: count,
  agreement: count,
  remaining: count,
  overage: count,
  product: z.string(),
});
export type AnnualUsageRow = z.infer<typeof annualUsageRowSchema>;

export const quarterlyUsageRowSchema = z.object({
  contract_year: z.number().int(),
  /** Quarter of the contract year (1–4), counted from the contract start. */
  quarter: z.number().int().min(1).max(4),
  quarter_start: isoDate,
  quarter_end: isoDate,
  api_total: count,
  zview: count,
  portfolio: count,
  total_pings: count,
  product: z.string(),
});
export type QuarterlyUsageRow = z.infer<typeof quarterlyUsageRowSchema>;

export const batchWorkRowSchema = z.object({
  /** ISO timestamp; shown MM/DD/YYYY. */
  date_delivered: z.string(),
  batch_name: z.string(),
  no_of_addresses: count,
  product: z.string(),
});
export type BatchWorkRow = z.infer<typeof batchWorkRowSchema>;

/** The current contract year of an agreement, month by month, for the usage-vs-agreement chart. */
export const usageTrendSchema = z.object({
  product: z.string(),
  contract_year_start: isoDate,
  contract_year_end: isoDate,
  agreement: count,
  usage: count,
  /** Cumulative usage at the end of each month of the contract year so far. */
  points: z.array(z.object({ date: isoDate, usage: count })),
  /** When usage passes the agreement if the pace so far continues (null: not within the year). */
  projected_overage_date: isoDate.nullable(),
});
export type UsageTrend = z.infer<typeof usageTrendSchema>;

export const billingResponseSchema = z.object({
  organization: z.object({ id: z.number().int(), name: z.string() }),
  annualUsageByAgreement: z.object({ data: z.array(annualUsageRowSchema) }),
  quarterlyUsageByAgreement: z.object({ data: z.array(quarterlyUsageRowSchema) }),
  batchWork: z.object({ data: z.array(batchWorkRowSchema) }),
  usageTrend: z.object({ data: z.array(usageTrendSchema) }),
});
export type BillingResponse = z.infer<typeof billingResponseSchema>;

/** The admin organisation input (SPEC §5): digits only; '' clears it. */
export function parseOrganizationInput(raw: string): { value: string } | null {
  return /^[0-9]*$/.test(raw) ? { value: raw } : null;
}

/** 'annual_usage_Demo_Mutual_Insurance_20261124.csv' style names (SPEC §9 file-name and date helpers). */
export function billingCsvFileName(table: string, organizationName: string, date: Date | string | number): string {
  return `${toSafeFileName(`${table} ${organizationName}`)}_${toYYYYMMDD(date)}.csv`;
}
